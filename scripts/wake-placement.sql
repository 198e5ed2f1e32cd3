-- Where wakeups between the threads of one command went, against where the wakee last ran:
-- the check behind docs/record-replay.md, "Messaging". Run it on a recording and on its replay:
--   schedscope-cli query FOLDER --file scripts/wake-placement.sql
--   schedscope-cli import-trace FOLDER --out s.json
--   schedscope-cli query s.json --model v6.18 --costs FOLDER/../costs.json --file scripts/wake-placement.sql
-- The command is 'sched-messaging' (perf bench sched messaging); edit the two LIKEs for another.
WITH w AS (
  SELECT wk.ts, wk.waker_cpu, wk.target_cpu,
         (SELECT s.cpu FROM sched s WHERE s.utid = wk.utid AND s.ts < wk.ts
          ORDER BY s.ts DESC LIMIT 1) AS prev_cpu
  FROM wakeup wk
  JOIN thread a ON a.utid = wk.utid
  JOIN thread b ON b.utid = wk.waker_utid
  WHERE a.name LIKE 'sched-messaging%' AND b.name LIKE 'sched-messaging%')
SELECT CASE WHEN prev_cpu IS NULL THEN 'had not run' WHEN prev_cpu = waker_cpu THEN 'the waker''s CPU'
            ELSE 'the other CPU' END AS wakee_last_ran_on,
       CASE WHEN target_cpu = waker_cpu THEN 'the waker''s CPU' WHEN target_cpu = prev_cpu THEN 'where it last ran'
            ELSE 'a third CPU' END AS woken_on,
       count(*) AS wakeups
FROM w GROUP BY 1, 2 ORDER BY 1, 2;
