-- How long a woken thread of one command waited before it ran, split by whether it was woken on
-- its waker's CPU: the check behind docs/record-replay.md, "Reads wait for their data". Run it on
-- a recording and on its replay:
--   schedscope-cli query FOLDER --file scripts/wake-wait.sql
--   schedscope-cli import-trace FOLDER --out s.json
--   schedscope-cli query s.json --model v6.18 --costs costs.json --file scripts/wake-wait.sql
-- The command is 'sched-messaging' (perf bench sched messaging); edit the two LIKEs for another.
WITH w AS (
  SELECT wk.ts, wk.waker_cpu, wk.target_cpu, wk.utid,
         (SELECT s.ts FROM sched s WHERE s.utid = wk.utid AND s.ts >= wk.ts ORDER BY s.ts LIMIT 1) AS ran
  FROM wakeup wk
  JOIN thread a ON a.utid = wk.utid
  JOIN thread b ON b.utid = wk.waker_utid
  WHERE a.name LIKE 'sched-messaging%' AND b.name LIKE 'sched-messaging%')
SELECT CASE WHEN target_cpu = waker_cpu THEN 'the waker''s CPU' ELSE 'the other CPU' END AS woken_on,
       count(*) AS wakeups, sum(ran - ts < 5000) AS under_5us, sum(ran - ts BETWEEN 5000 AND 20000) AS us_5_to_20,
       sum(ran - ts > 20000) AS over_20us, sum(ran - ts > 100000) AS over_100us,
       round(avg(ran - ts) / 1000.0, 1) AS avg_us
FROM w WHERE ran IS NOT NULL GROUP BY 1 ORDER BY 1;
