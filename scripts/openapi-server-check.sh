#!/usr/bin/env bash
# A quick self-check of scripts/openapi-server.py, for debugging (CI does not run it): starts the server
# on each document under Tests/OpenAPIFixtures, sends it a few valid and invalid requests with curl and
# checks the answers' status and X-OpenAPI-Validation header (and that a passed answer's JSON parses).
#
#   scripts/openapi-server-check.sh [FIXTURE...]     (default: every fixture named below)
#
# Installs the tools first (scripts/openapi-tools.sh). Prints one line per request and, for each
# server, how long it took to start; exits non-zero when any check failed. The servers' logs are kept in
# a temporary folder, named at the end.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/openapi-tools.sh"
python="$root/.build/openapi-tools/venv/bin/python"
fixtures="$root/Tests/OpenAPIFixtures"
logs="$(mktemp -d "${TMPDIR:-/tmp}/openapi-server-check.XXXXXX")"
command -v curl >/dev/null 2>&1 || {
    echo "curl is needed (apt-get install curl)" >&2
    exit 1
}

# The checks, one a line: FIXTURE|EXPECTED (status/validation)|METHOD|PATH AND QUERY|CURL ARGUMENTS...
# (the arguments are split on spaces; use no spaces inside one).
checks="$(
    cat <<'EOF'
Petstore|200/passed|GET|/v1/pets?limit=5|
Petstore|400/failed|GET|/v1/pets?limit=abc|
Petstore|201/passed|POST|/v1/pets|-H Content-Type:application/json --data {"id":1,"name":"Rex"}
Petstore|400/failed|POST|/v1/pets|-H Content-Type:application/json --data {"id":"one","name":3}
Petstore|404/no-operation|GET|/pets|
PetstoreExpanded|200/passed|GET|/v2/pets?tags=a&tags=b&limit=2|
PetstoreExpanded|400/failed|POST|/v2/pets|-H Content-Type:application/json --data {"tag":"no-name"}
PetstoreExpanded|204/passed|DELETE|/v2/pets/7|
SwaggerPetstore|200/passed|GET|/api/v3/pet/findByStatus?status=available|-H Authorization:Bearer-token
SwaggerPetstore|400/failed|GET|/api/v3/pet/findByStatus?status=available|
SwaggerPetstore|200/passed|GET|/api/v3/pet/10|-H api_key:secret
SwaggerPetstore|400/failed|GET|/api/v3/pet/ten|-H api_key:secret
APIWithExamples|200/passed|GET|/|
APIWithExamples|404/no-operation|POST|/|
CallbackExample|201/passed|POST|/streams?callbackUrl=https://example.com/hook|
CallbackExample|400/failed|POST|/streams|
LinkExample|200/passed|GET|/2.0/users/alice|
LinkExample|400/failed|GET|/2.0/repositories/alice/repo/pullrequests?state=bogus|
USPTO|200/passed|GET|/ds-api/|
USPTO|200/passed|POST|/ds-api/oa_citations/v1/records|--data criteria=*:*
USPTO|400/failed|POST|/ds-api/oa_citations/v1/records|--data start=zero
Spotify|200/passed|GET|/v1/albums/4aawyAB9vmqN3uQ7FjRGTy|-H Authorization:Bearer-token
Spotify|400/failed|GET|/v1/albums/4aawyAB9vmqN3uQ7FjRGTy|
Spotify|400/failed|GET|/v1/albums?market=ES|-H Authorization:Bearer-token
Discord|200/passed|GET|/api/v10/users/@me|-H Authorization:Bot-token
Discord|400/failed|POST|/api/v10/channels/1/messages|-H Authorization:Bot-token -H Content-Type:application/json --data {"content":5}
Discord|400/failed|GET|/api/v10/channels/not-a-snowflake|-H Authorization:Bot-token
Slack|200/passed|POST|/api/chat.postMessage|-H token:xoxb -H Authorization:Bearer-xoxb --data channel=C1&text=hi
Slack|400/failed|POST|/api/chat.postMessage|-H token:xoxb -H Authorization:Bearer-xoxb --data text=no-channel
Slack|400/failed|GET|/api/conversations.history?channel=C1&limit=many|-H Authorization:Bearer-xoxb
Slack|404/no-operation|GET|/chat.postMessage|
EOF
)"

wanted=("$@")
if [ ${#wanted[@]} -eq 0 ]; then
    mapfile -t wanted < <(cut -d'|' -f1 <<<"$checks" | awk '!seen[$0]++')
fi

failures=0
server=""
stop_server() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
        server=""
    fi
}
trap stop_server EXIT

for fixture in "${wanted[@]}"; do
    document="$(ls "$fixtures/$fixture"/openapi.* 2>/dev/null | head -1)"
    if [ -z "$document" ]; then
        echo "FAIL $fixture: no document in $fixtures/$fixture" >&2
        failures=$((failures + 1))
        continue
    fi
    out="$logs/$fixture.out"
    err="$logs/$fixture.log"
    started=$(date +%s%N)
    "$python" "$root/scripts/openapi-server.py" "$document" --port 0 >"$out" 2>"$err" &
    server=$!
    port=""
    for _ in $(seq 1 600); do
        port="$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$out")"
        [ -n "$port" ] && break
        kill -0 "$server" 2>/dev/null || break
        sleep 0.05
    done
    if [ -z "$port" ]; then
        echo "FAIL $fixture: the server did not start; its log:" >&2
        cat "$err" >&2
        failures=$((failures + 1))
        stop_server
        continue
    fi
    echo "$fixture: listening on $port after $((($(date +%s%N) - started) / 1000000)) ms"
    while IFS='|' read -r name expected method target arguments; do
        [ "$name" = "$fixture" ] || continue
        # `Authorization:Bearer-token` in the table is `Authorization: Bearer token` on the wire.
        read -r -a extra <<<"$arguments"
        extra=("${extra[@]/#Authorization:Bearer-/Authorization: Bearer }")
        extra=("${extra[@]/#Authorization:Bot-/Authorization: Bot }")
        headers="$logs/headers.txt"
        body="$logs/body.txt"
        status="$(curl -sS -o "$body" -D "$headers" -w '%{http_code}' -X "$method" "${extra[@]}" \
            "http://127.0.0.1:$port$target" || true)"
        validation="$(tr -d '\r' <"$headers" | sed -n 's/^[Xx]-[Oo]pen[Aa][Pp][Ii]-[Vv]alidation: //p')"
        operation="$(tr -d '\r' <"$headers" | sed -n 's/^[Xx]-[Oo]pen[Aa][Pp][Ii]-[Oo]peration: //p')"
        got="$status/$validation"
        verdict="ok"
        if [ "$got" != "$expected" ]; then
            verdict="FAIL"
        elif [ "$validation" = "passed" ] && [ -s "$body" ] && grep -qi '^content-type: .*json' "$headers"; then
            "$python" -m json.tool "$body" >/dev/null 2>&1 || verdict="FAIL (body is not JSON)"
        fi
        printf '  %-4s %-6s %-60s -> %s %s\n' "$verdict" "$method" "$target" "$got" "${operation:+($operation)}"
        if [ "$verdict" != "ok" ]; then
            failures=$((failures + 1))
            echo "       expected $expected; body: $(head -c 600 "$body")"
        fi
    done <<<"$checks"
    stop_server
done

echo "server logs: $logs"
if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all checks passed"
