#!/usr/bin/env bash
# Builds the documentation sites of Courier (into .build/docs) and of CourierMoya (into .build/docs-moya) with the toolchain's own docc, and fails on any
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

scratch="$root/.build/docs-build"
emitted="$scratch/symbol-graphs"     # every graph the compiler writes
output="$root/.build/docs"
docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
    docc="$(dirname "$(command -v swift)")/docc"
fi

build_symbol_graphs() {
    mkdir -p "$emitted"
    swift build --scratch-path "$scratch" --target CourierMoya \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$emitted"
}

echo "== docs: symbol graphs"
build_symbol_graphs
if ! ls "$emitted"/Courier.symbols.json "$emitted"/CourierMoya.symbols.json >/dev/null 2>&1; then
    # Graphs are written when a module compiles; an up-to-date build whose graphs were removed
    # writes none, so start that build over.
    rm -rf "$scratch"
    build_symbol_graphs
fi

# document MODULE CATALOG OUTPUT: the site of one module.
document() {
    local module="$1" catalog="$2" site="$3"
    local graphs="$root/.build/docs-symbols/$module"
    rm -rf "$graphs"
    mkdir -p "$graphs"
    cp "$emitted/$module.symbols.json" "$graphs"/
    for extension in "$emitted/$module"@*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$graphs"/
    done
    # A module that re-exports Foundation (`@_exported import`) has every symbol of Foundation,
    # FoundationNetworking and the C library in its graph: keep the module's own (the types declared in
    # its sources and their members) and the relationships between them and the outside world. Of the
    # graphs of its extensions to other modules, only those of Courier (CourierMoya extends it) are kept.
    python3 - "$graphs" "$module" <<'PYTHON'
import json, os, sys
folder, module = sys.argv[1], sys.argv[2]
for name in os.listdir(folder):
    path = os.path.join(folder, name)
    if name != f"{module}.symbols.json" and name != f"{module}@Courier.symbols.json":
        os.remove(path)
        continue
    graph = json.load(open(path))
    if name == f"{module}.symbols.json":
        own = {
            s["pathComponents"][0] for s in graph["symbols"]
            if len(s["pathComponents"]) == 1 and f"/Sources/{module}/" in s.get("location", {}).get("uri", "")
        }
        kept = [s for s in graph["symbols"] if s["pathComponents"][0] in own]
    else:
        kept = [s for s in graph["symbols"] if f"/Sources/{module}/" in s.get("location", {}).get("uri", "")]
    dropped = {s["identifier"]["precise"] for s in graph["symbols"]} - {s["identifier"]["precise"] for s in kept}
    graph["symbols"] = kept
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] not in dropped]
    json.dump(graph, open(path, "w"))
    print(f"  {name}: {len(kept)} symbols kept, {len(dropped)} left out")
PYTHON

    echo "== docs: every public type of $module is curated on its landing page"
    python3 - "$graphs/$module.symbols.json" "$catalog/$module.md" <<'PYTHON'
import json, re, sys
graph = json.load(open(sys.argv[1]))
landing = open(sys.argv[2], encoding="utf-8").read()
topics = landing.split("## Topics", 1)[1] if "## Topics" in landing else ""
curated = set(re.findall(r"``([^`]+)``", topics))
top_level = sorted({s["pathComponents"][0] for s in graph["symbols"] if len(s["pathComponents"]) == 1})
missing = [name for name in top_level if name not in curated]
if missing:
    print("Not curated in the Topics of the landing page: " + ", ".join(missing))
    sys.exit(1)
print(f"{len(top_level)} public types, all curated")
PYTHON

    echo "== docs: docc convert of $module"
    rm -rf "$site"
    local log="$root/.build/docs-docc-$module.log"
    local convert=(
        "$docc" convert "$catalog"
        --additional-symbol-graph-dir "$graphs"
        --output-path "$site"
        --transform-for-static-hosting
        --fallback-display-name "$module"
        --fallback-bundle-identifier "org.courier.$module"
        --fallback-default-module-kind "Swift Package"
        --warnings-as-errors
    )
    if [ -n "$hosting_base_path" ]; then
        convert+=(--hosting-base-path "$hosting_base_path")
    fi
    local status=0
    "${convert[@]}" >"$log" 2>&1 || status=$?
    cat "$log"
    if [ "$status" -ne 0 ] || grep -qE '(warning|error):' "$log"; then
        echo "== docs: FAILED: docc reported the problems above for $module (exit status $status)"
        exit 1
    fi
}

document Courier "Sources/Courier/Courier.docc" "$output"
document CourierMoya "Sources/CourierMoya/CourierMoya.docc" "$root/.build/docs-moya"

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
echo "== docs: built ${output#"$root"/} (Courier) and .build/docs-moya (CourierMoya) with no warnings"

if $serve; then
    url="http://127.0.0.1:$port/documentation/courier/"
    echo "== docs: serving ${output#"$root"/} at $url (Ctrl-C to stop)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$output"
fi
