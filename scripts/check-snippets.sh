#!/usr/bin/env bash
# Compiles every Swift code block of the documentation against the current Courier, so that a renamed
# or changed API breaks this check instead of the reader's build.
#
#   scripts/check-snippets.sh            README.md, Examples/README.md and every article of the catalogs
#   scripts/check-snippets.sh FILE...    only these Markdown files
#
# Offline: the generated package depends on this checkout by path and on nothing else.
#
# How blocks are written so that they compile (scripts/snippets.py does the work):
# - A block fenced as ```swift is compiled. Show a Moya "before" snippet as ```swift with `// Moya` as
#   its first line: it is skipped. Anything else that is not Swift meant to compile (shell commands,
#   JSON, log output, a directory tree, a Package.swift) is fenced as ```sh, ```json or ```text.
# - Each Markdown file is one module (`Snippets_<File>`): a type or function declared in a block can
#   be used by the later blocks of the same file; two blocks of one file must not declare the same
#   name. Files never clash with each other.
# - Within a block, `import` lines go to the top of every file of the module; declarations (struct,
#   enum, class, actor, protocol, extension, typealias, func, with their attributes and modifiers) go
#   at file scope; every other top-level line (statements, `let`, `var`) goes, in order, into
#   `func snippetNN() async throws`, so `try await` may be written at top level. A `let` is therefore
#   local to its block: a block that uses a value declares it, or calls a function declared in an
#   earlier block.
# - Nothing is imported for you: a file's samples get the `import` lines they write (at least one of
#   them writes `import Courier`, which is enough: it re-exports Foundation). Every module has a
#   `Fixtures` resource folder, so `Bundle.module` resolves as it does in a test target.
# - A module whose blocks `import CourierTesting` (the cassette trait) depends on that product too.
# - Blocks that `import CourierMoya` (Moya app code on the drop-in path) are a module of their own,
#   built against CourierMoya in the Swift 5 language mode only, where Moya apps live.
# - Every other module is compiled in the Swift 6 language mode and again in Swift 5 mode (what Moya apps
#   are written in), warnings treated as errors (a top-level `let` that a sample declares and does not
#   use is not reported: in the reader's file it is a global).
# - Compiler errors point at the Markdown file and line (`#sourceLocation`); the summary names the
#   file and the number of the swift block in it (counting from 1, skipped blocks included).
#
# The package is generated in .build/snippets (built with its own scratch path, .build/snippets/.build,
# so it never takes the lock of a normal build); it is kept between runs so that rebuilds are quick.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
out="$root/.build/snippets"

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    files=(README.md)
    [ -f Examples/README.md ] && files+=(Examples/README.md)
    while IFS= read -r article; do files+=("$article"); done \
        < <(find Sources/Courier/Courier.docc Sources/CourierMoya/CourierMoya.docc -name '*.md' 2>/dev/null | sort)
fi

echo "== snippets: extracting the swift blocks"
mkdir -p "$out"
python3 scripts/snippets.py generate "$out" "$root" "${files[@]}"

if ! grep -q '\.target(' "$out/Package.swift"; then
    echo "== snippets: no swift blocks to compile"
    exit 0
fi

echo "== snippets: building"
log="$out/build.log"
if swift build --package-path "$out" --scratch-path "$out/.build" >"$log" 2>&1; then
    echo "== snippets: every block compiles"
    exit 0
fi
if grep -qE '^/.*: error:' "$log"; then
    grep -E '^/.*: error:' "$log" | sort -u
    echo
    python3 scripts/snippets.py report "$out" "$log" || true
else
    tail -n 40 "$log"   # not a compiler error in a block: the manifest, the toolchain, the disk...
fi
echo "== snippets: FAILED (the whole build log is in ${log#"$root"/})"
exit 1
