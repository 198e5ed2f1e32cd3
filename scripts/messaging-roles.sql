-- Where perf bench sched messaging -t ran its receivers and its senders: runs and CPU time per
-- role and CPU. The benchmark creates each group's 20 receivers, then its 20 senders, so by
-- thread id the first 20 of each 40 are receivers; the lowest id is the main thread. The check
-- behind the README's messaging row. Run it on a recording and on its replay:
--   schedscope-cli query FOLDER --file scripts/messaging-roles.sql
--   schedscope-cli import-trace FOLDER --out s.json
--   schedscope-cli query s.json --model v6.18 --costs costs.json --file scripts/messaging-roles.sql
WITH t AS (SELECT utid, tid, ROW_NUMBER() OVER (ORDER BY tid) - 2 AS idx
           FROM thread WHERE name LIKE 'sched-messaging%'),
     r AS (SELECT utid, CASE WHEN idx < 0 THEN 'main' WHEN (idx % 40) < 20 THEN 'receiver' ELSE 'sender' END AS role
           FROM t)
SELECT role, cpu, count(*) AS runs, round(sum(dur) / 1e6, 1) AS ms
FROM sched s JOIN r USING (utid) GROUP BY role, cpu ORDER BY role, cpu;
