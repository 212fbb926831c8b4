#!/usr/bin/env bash
# Builds Courier's documentation site into .build/docs with the toolchain's own docc, and fails on any
# docc warning (an unresolved symbol or article link, a malformed topic) and on any public type that
# the landing page does not curate.
#
#   scripts/docs.sh                          build the site
#   scripts/docs.sh --serve [PORT]           build it, then serve it on http://127.0.0.1:PORT (8000)
#   scripts/docs.sh --hosting-base-path P    build it for a site served under /P (e.g. /courier)
#
# The site is static: copy .build/docs to any web server. Its root redirects to documentation/courier/.
# Served at a host's root, build it as it is; served under a subpath (GitHub Pages serves a project at
# /REPOSITORY), build it with --hosting-base-path REPOSITORY, or its pages load blank.
#
# Steps: `swift build` of the Courier target with -emit-symbol-graph (its own scratch path,
# .build/docs-build, so it neither waits for nor disturbs a normal build); only the Courier module's
# graphs (Courier*.symbols.json) go to docc; `docc convert` of Sources/Courier/Courier.docc, made for
# static hosting. Offline; about half a minute from clean, seconds when the sources have not changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

serve=false
port=8000
hosting_base_path=""
while [ "$#" -gt 0 ]; do
    case "$1" in
    --serve)
        serve=true
        if [ "${2:-}" != "" ] && [[ "$2" =~ ^[0-9]+$ ]]; then
            port="$2"
            shift
        fi
        ;;
    --hosting-base-path)
        hosting_base_path="${2:?--hosting-base-path needs a path, such as /courier}"
        shift
        ;;
    -h | --help)
        sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "docs.sh: unknown argument $1 (try --help)" >&2
        exit 2
        ;;
    esac
    shift
done
if $serve && [ -n "$hosting_base_path" ]; then
    echo "docs.sh: --serve serves the site at the root of 127.0.0.1; drop --hosting-base-path" >&2
    exit 2
fi

catalog="Sources/Courier/Courier.docc"
scratch="$root/.build/docs-build"
emitted="$scratch/symbol-graphs"     # every graph the compiler writes
graphs="$root/.build/docs-symbols"   # the Courier module's only, fed to docc
output="$root/.build/docs"
docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
    docc="$(dirname "$(command -v swift)")/docc"
fi

build_symbol_graph() {
    mkdir -p "$emitted"
    swift build --scratch-path "$scratch" --target Courier \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$emitted"
}

echo "== docs: symbol graph"
build_symbol_graph
if ! ls "$emitted"/Courier.symbols.json >/dev/null 2>&1; then
    # Graphs are written when the module compiles; an up-to-date build whose graphs were removed
    # writes none, so start that build over.
    rm -rf "$scratch"
    build_symbol_graph
fi
rm -rf "$graphs"
mkdir -p "$graphs"
cp "$emitted"/Courier*.symbols.json "$graphs"/
# Courier re-exports Foundation (`@_exported import`), so its graph also holds every symbol of
# Foundation, FoundationNetworking and the C library: keep Courier's own (the types declared in
# Sources/Courier and their members) and the relationships between them and the outside world.
python3 - "$graphs/Courier.symbols.json" <<'PYTHON'
import json, sys
path = sys.argv[1]
graph = json.load(open(path))
own = {
    s["pathComponents"][0] for s in graph["symbols"]
    if len(s["pathComponents"]) == 1 and "/Sources/Courier/" in s.get("location", {}).get("uri", "")
}
kept = [s for s in graph["symbols"] if s["pathComponents"][0] in own]
dropped = {s["identifier"]["precise"] for s in graph["symbols"]} - {s["identifier"]["precise"] for s in kept}
graph["symbols"] = kept
graph["relationships"] = [r for r in graph["relationships"] if r["source"] not in dropped]
json.dump(graph, open(path, "w"))
print(f"  {len(kept)} symbols of Courier kept, {len(dropped)} re-exported ones left out")
PYTHON

echo "== docs: every public type is curated on the landing page"
python3 - "$graphs/Courier.symbols.json" "$catalog/Courier.md" <<'PYTHON'
import json, re, sys
graph = json.load(open(sys.argv[1]))
landing = open(sys.argv[2], encoding="utf-8").read()
topics = landing.split("## Topics", 1)[1] if "## Topics" in landing else ""
curated = set(re.findall(r"``([^`]+)``", topics))
top_level = sorted({s["pathComponents"][0] for s in graph["symbols"] if len(s["pathComponents"]) == 1})
missing = [name for name in top_level if name not in curated]
if missing:
    print("Not curated in the Topics of Courier.md: " + ", ".join(missing))
    sys.exit(1)
print(f"{len(top_level)} public types, all curated")
PYTHON

echo "== docs: docc convert"
rm -rf "$output"
log="$root/.build/docs-docc.log"
convert=(
    "$docc" convert "$catalog"
    --additional-symbol-graph-dir "$graphs"
    --output-path "$output"
    --transform-for-static-hosting
    --fallback-display-name Courier
    --fallback-bundle-identifier org.courier.Courier
    --fallback-default-module-kind "Swift Package"
    --warnings-as-errors
)
if [ -n "$hosting_base_path" ]; then
    convert+=(--hosting-base-path "$hosting_base_path")
fi
status=0
"${convert[@]}" >"$log" 2>&1 || status=$?
cat "$log"
if [ "$status" -ne 0 ] || grep -qE '(warning|error):' "$log"; then
    echo "== docs: FAILED: docc reported the problems above (exit status $status)"
    exit 1
fi
# docc's static site has no page at its root: a visitor of the bare host (or of the subpath) would
# get "page not found". A relative redirect opens the documentation, at the root or under a subpath.
cat >"$output/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Courier documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/courier/">
<link rel="canonical" href="documentation/courier/">
</head>
<body><p><a href="documentation/courier/">Courier documentation</a></p></body>
</html>
HTML
echo "== docs: built ${output#"$root"/} with no warnings"

if $serve; then
    url="http://127.0.0.1:$port/documentation/courier/"
    echo "== docs: serving ${output#"$root"/} at $url (Ctrl-C to stop)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$output"
fi
