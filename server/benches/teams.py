#!/usr/bin/env python3
"""Registers N teams on a running server and prints one API token per line
(standard library only): the uploaders of server/benches/uploads.sh.

    python3 server/benches/teams.py http://127.0.0.1:3179 20 > tokens.txt
"""

import http.client
import json
import sys
import time
import urllib.parse

base = urllib.parse.urlparse(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 20
password = "a long load-test password"
run = str(int(time.time()))


def call(conn, path, body):
    conn.request("POST", path, body=json.dumps(body), headers={"content-type": "application/json"})
    resp = conn.getresponse()
    text = resp.read()
    if resp.status != 201:
        sys.exit(f"{path} answered {resp.status}: {text!r}")
    return json.loads(text)


conn = http.client.HTTPConnection(base.hostname, base.port)
for i in range(count):
    email = f"uploader-{run}-{i}@example.org"
    call(conn, "/api/v1/teams", {"name": f"Uploader {run} {i}", "email": email, "password": password})
    print(call(conn, "/api/v1/tokens", {"email": email, "password": password})["token"])
conn.close()
