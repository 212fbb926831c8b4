#!/usr/bin/env python3
"""Reads a HAR file with mitmproxy's own HAR reader and prints what it found, as JSON.

Run with the Python of .build/mitmproxy-tools/venv (scripts/mitmproxy-tools.sh installs it):

    .build/mitmproxy-tools/venv/bin/python scripts/har-summary.py FILE.har

The record-and-replay tests use it as an independent reader of the files Courier writes: a file that
mitmproxy cannot read fails here (exit status 1, the reason on standard error), and one that it reads
is printed flow by flow, so a test can compare every field with what was sent and received.

Output: {"flows": [{"method", "url", "requestHeaders": [[name, value]...], "requestBody" (base64),
"status", "responseHeaders", "responseBody" (base64, as a client would read it: decoded),
"serverAddress"}...]}
"""

import base64
import json
import sys

from mitmproxy import exceptions
from mitmproxy.io import FlowReader


def encoded(data):
    return base64.b64encode(data or b"").decode("ascii")


def summary(flow):
    request = flow.request
    response = flow.response
    server = flow.server_conn.address[0] if flow.server_conn and flow.server_conn.address else None
    return {
        "method": request.method,
        "url": request.url,
        "requestHeaders": [[name, value] for name, value in request.headers.items(multi=True)],
        "requestBody": encoded(request.content),
        "status": response.status_code if response else None,
        "responseHeaders": [[name, value] for name, value in response.headers.items(multi=True)] if response else [],
        "responseBody": encoded(response.content) if response else "",
        "serverAddress": server,
    }


def main():
    if len(sys.argv) != 2:
        print("usage: har-summary.py FILE.har", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], "rb") as handle:
            flows = [summary(flow) for flow in FlowReader(handle).stream()]
    except (OSError, exceptions.FlowReadException) as error:
        print(f"mitmproxy could not read {sys.argv[1]}: {error}", file=sys.stderr)
        return 1
    json.dump({"flows": flows}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
