#!/usr/bin/env python3
"""The database `schedscope-cli query --db` writes, opened by Python's own sqlite3 as any user
would: every table there with its declared types, and the same answers as the query command.
Usage: tst_query_db.py PATH/TO/schedscope-cli"""
import os
import sqlite3
import subprocess
import sys
import tempfile

TABLES = {"sched", "thread_state", "thread", "process", "cpu", "counter_track", "cpu_counter_track",
          "thread_counter_track", "cgroup_counter_track", "counter", "wakeup", "migration", "preemption",
          "cgroup", "thread_cgroup", "metadata"}


def main():
    cli = sys.argv[1]
    source = ["builtin:default", "--for", "200ms"]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "run.sqlite")
        r = subprocess.run([cli, "query", *source, "--db", path], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert r.stdout == "", "--db without SQL prints nothing"
        assert not os.path.exists(path + ".tmp-schedscope"), "the temporary file is gone"
        db = sqlite3.connect(path)
        tables = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
        assert TABLES <= tables, TABLES - tables
        types = {row[1]: row[2] for row in db.execute("pragma table_info(sched)")}
        assert types == {"id": "INTEGER", "ts": "INTEGER", "dur": "INTEGER", "cpu": "INTEGER", "utid": "INTEGER",
                         "end_state": "TEXT", "priority": "INTEGER"}, types
        sql = "select utid, sum(dur), count(*) from sched group by utid order by utid"
        out = subprocess.run([cli, "query", *source, sql, "--format", "csv"], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        want = [tuple(int(x) for x in line.split(",")) for line in out.stdout.strip().split("\n")[1:]]
        got = db.execute(sql).fetchall()
        assert got == want and len(got) > 10, (got, want)
        # The file is an ordinary database: it takes writes and indexes like any other.
        db.execute("create index sched_utid on sched(utid)")
        kinds = dict(db.execute("select name, str_value from metadata where str_value is not null").fetchall())
        assert kinds["source_kind"] == "simulation" and kinds["source_file"] == "builtin:default", kinds
        db.close()
    print("ok: the --db file opens in Python's sqlite3 with the query command's answers")


if __name__ == "__main__":
    main()
