#!/usr/bin/env python3
"""Upload load generator (standard library only): UPLOADERS teams upload at
once, each over its own keep-alive connection, EACH prediction files one
after another (a 5,000-row CSV for the synthetic demo key, each upload a new
model name so none is a repeat), and the time from sending the request to
reading the whole `201` answer (scored and stored) is recorded. Prints the
count, the status codes, throughput and p50 / p90 / p99 / max latency.

    python3 server/benches/uploads.py http://127.0.0.1:3179 [UPLOADERS] [EACH]

`server/benches/uploads.sh` starts the release server (on SQLite, then on
PostgreSQL) and runs this against it.
"""

import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse

base = sys.argv[1]
uploaders = int(sys.argv[2]) if len(sys.argv) > 2 else 20
each = int(sys.argv[3]) if len(sys.argv) > 3 else 25
url = urllib.parse.urlparse(base)
password = "a long load-test password"
run = str(int(time.time()))


def call(conn, method, path, body=None, headers=None):
    conn.request(method, path, body=body, headers=headers or {})
    resp = conn.getresponse()
    return resp.status, resp.read()


def team(i):
    """Registers team i and returns an API token."""
    conn = http.client.HTTPConnection(url.hostname, url.port)
    email = f"uploader-{run}-{i}@example.org"
    body = json.dumps({"name": f"Uploader {run} {i}", "email": email, "password": password})
    status, text = call(conn, "POST", "/api/v1/teams", body, {"content-type": "application/json"})
    assert status == 201, (status, text)
    body = json.dumps({"email": email, "password": password})
    status, text = call(conn, "POST", "/api/v1/tokens", body, {"content-type": "application/json"})
    assert status == 201, (status, text)
    conn.close()
    return json.loads(text)["token"]


def predictions(i):
    """A full prediction file, different for each uploader (no two teams'
    files are near-duplicates of each other's)."""
    rows = ["question_id,answer"]
    for q in range(1, 5001):
        rows.append(f"{q},{'ABCD'[(q * (i + 3) + q // 7 + i) % 4]}")
    return ("\n".join(rows) + "\n").encode()


tokens = [team(i) for i in range(uploaders)]
files = [predictions(i) for i in range(uploaders)]
latencies = []
statuses = {}
lock = threading.Lock()
start_barrier = threading.Barrier(uploaders)


def uploader(i):
    conn = http.client.HTTPConnection(url.hostname, url.port)
    headers = {"authorization": f"Bearer {tokens[i]}", "content-type": "text/csv"}
    mine = []
    codes = {}
    start_barrier.wait()
    for k in range(each):
        path = f"/api/v1/submissions?model_name=load-{run}-{i}-{k}"
        t0 = time.perf_counter()
        status, _ = call(conn, "POST", path, files[i], headers)
        mine.append(time.perf_counter() - t0)
        codes[status] = codes.get(status, 0) + 1
    conn.close()
    with lock:
        latencies.extend(mine)
        for code, n in codes.items():
            statuses[code] = statuses.get(code, 0) + n


threads = [threading.Thread(target=uploader, args=(i,)) for i in range(uploaders)]
began = time.perf_counter()
for t in threads:
    t.start()
for t in threads:
    t.join()
elapsed = time.perf_counter() - began

latencies.sort()
ms = lambda q: 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]
print(f"uploads: {len(latencies)} ({uploaders} uploaders x {each}), statuses {statuses}")
print(f"throughput: {len(latencies) / elapsed:.0f} uploads/s over {elapsed:.1f} s")
print(
    f"latency to 201: p50 {ms(0.50):.1f} ms, p90 {ms(0.90):.1f} ms, p99 {ms(0.99):.1f} ms, "
    f"max {1000 * latencies[-1]:.1f} ms, mean {1000 * statistics.mean(latencies):.1f} ms"
)
if set(statuses) != {201}:
    sys.exit("not every upload was stored (201)")
