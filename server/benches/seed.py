#!/usr/bin/env python3
"""Seeding for the board benchmarks (board_churn.sh, three_servers.sh).

  seed.py files DIR                       400 prediction files for the demo key
                                          (question ids 1-5000, a random letter each)
  seed.py submissions DB URL N TEAMS      TEAMS teams, then N public submissions in
                                          all, copied from the one stored upload with
                                          their own team, name, date, accuracy, and
                                          random predictions and correctness (so every
                                          sheet and vector is its own); moves the
                                          board version. DB is sqlite or postgres.
"""
import random
import subprocess
import sys


def files(work):
    for i in range(400):
        rng = random.Random(i)
        with open(f"{work}/preds-{i}.csv", "w") as f:
            f.write("question_id,answer\n")
            for q in range(1, 5001):
                f.write(f"{q},{rng.choice('ABCD')}\n")


def submissions(db, url, n, teams):
    if db == "sqlite":
        import sqlite3
        c = sqlite3.connect(url.removeprefix("sqlite:"))
        def run(sql): c.executescript(sql); c.commit()
        def cols(table): return [r[1] for r in c.execute(f"PRAGMA table_info({table})") if r[1] != "id"]
        random_bytes = "randomblob({})"
        series = lambda m: f"WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < {m}) SELECT i FROM g"
    else:
        def psql(sql): return subprocess.run(["psql", "-qAt", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True, capture_output=True, text=True).stdout
        def run(sql): psql(sql)
        def cols(table): return [c for c in psql(f"SELECT column_name FROM information_schema.columns WHERE table_name = '{table}' ORDER BY ordinal_position").split() if c != "id"]
        run("""CREATE OR REPLACE FUNCTION churn_bytes(n int) RETURNS bytea AS $$
                 SELECT substring(decode(string_agg(md5(random()::text), ''), 'hex') from 1 for n)
                   FROM generate_series(1, (n + 15) / 16) $$ LANGUAGE sql VOLATILE""")
        random_bytes = "churn_bytes(length({}))"
        series = lambda m: f"SELECT generate_series(1, {m}) AS i"
    rb = lambda col: random_bytes.format(col) if db == "postgres" else f"randomblob(length({col}))"
    tcols = cols("teams")
    tval = {"name": "'team-' || g.i", "name_key": "'team-' || g.i", "email": "'team-' || g.i || '@example.org'"}
    run(f"INSERT INTO teams ({', '.join(tcols)}) SELECT {', '.join(tval.get(c, 't.' + c) for c in tcols)} "
        f"FROM teams t, ({series(teams)}) g WHERE t.id = (SELECT MIN(id) FROM teams)")
    scols = cols("submissions")
    acc = "(0.20 + 0.55 * ((g.i * 2654435761) % 1000003) / 1000003.0)"
    k = f"CAST(ROUND({acc} * s.total) AS INTEGER)"
    sval = {
        "public_id": "s.public_id || '-' || g.i",
        "team_id": f"(SELECT MIN(id) FROM teams) + 1 + (g.i % {teams})",
        "model_name": "'churn-model-' || g.i",
        "created_at": "s.created_at - g.i * 60",
        "correct": k,
        "accuracy": f"{k} * 1.0 / s.total",
        "ci_low": f"{k} * 1.0 / s.total - 0.013",
        "ci_high": f"{k} * 1.0 / s.total + 0.013",
        "predictions": rb("s.predictions"),
        "correctness": rb("s.correctness"),
        "file_sha256": "s.file_sha256 || g.i",
    }
    step = 20000
    for start in range(0, n - 1, step):
        m = min(step, n - 1 - start)
        sel = ", ".join(sval.get(c, "s." + c) for c in scols)
        run(f"INSERT INTO submissions ({', '.join(scols)}) SELECT {sel} FROM submissions s, "
            f"(SELECT i + {start} AS i FROM ({series(m)}) x) g WHERE s.id = (SELECT MIN(id) FROM submissions)")
    run("UPDATE board_version SET n = n + 1 WHERE slot = 0")
    print(f"seeded {n} submissions by {teams} teams", flush=True)

if __name__ == "__main__":
    if sys.argv[1] == "files":
        files(sys.argv[2])
    else:
        submissions(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
