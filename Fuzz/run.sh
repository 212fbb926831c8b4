#!/usr/bin/env bash
# Builds Courier's libFuzzer targets and runs each for a bounded number of iterations.
#
#   Fuzz/run.sh                       every target: 200,000 runs each, at most 120 s each
#   Fuzz/run.sh url-building          one target (url-building, url-encoding, multipart, server-sent-events)
#   FUZZ_RUNS=1000000 FUZZ_MAX_TIME=600 Fuzz/run.sh multipart
#   Fuzz/run.sh --reproduce multipart .build/fuzz/crashes/multipart-crash-…   replay one input
#
# Each target is the library's sources (Sources/Courier/**/*.swift, with the CCurl C target) compiled as one module with
# Fuzz/Support/*.swift and one file of Fuzz/Targets/, with `swiftc -sanitize=fuzzer,address` (libFuzzer
# and AddressSanitizer, from the toolchain): the entry point `LLVMFuzzerTestOneInput` checks
# invariants and aborts when one fails, which libFuzzer reports as a crash. The targets:
#   url-building   TargetURL (base URL + path) and Endpoint.urlRequest()     Fuzz/Targets/URLBuildingFuzz.swift
#   url-encoding   URLEncoding with nested parameters, against a model       Fuzz/Targets/URLEncodingFuzz.swift
#   multipart      MultipartEncoder and the redaction of what it writes      Fuzz/Targets/MultipartFuzz.swift
#   server-sent-events  ServerSentEventParser and LineSplitter, any chunks   Fuzz/Targets/ServerSentEventFuzz.swift
#
# Binaries, corpora (kept between runs) and crashing inputs go to .build/fuzz. A crash fails the script
# and leaves its input in .build/fuzz/crashes/<target>-crash-<sha1>: replay it with --reproduce, then
# make it a regression test: a test of the case it found, beside the tests of that part in
# Tests/CourierTests.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${FUZZ_RUNS:-200000}"
max_time="${FUZZ_MAX_TIME:-120}"
out=.build/fuzz
all_targets=(url-building url-encoding multipart server-sent-events)
# Swift's own crash handler would fight AddressSanitizer's; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no

source_file() {
    case "$1" in
        url-building) echo Fuzz/Targets/URLBuildingFuzz.swift ;;
        url-encoding) echo Fuzz/Targets/URLEncodingFuzz.swift ;;
        multipart) echo Fuzz/Targets/MultipartFuzz.swift ;;
        server-sent-events) echo Fuzz/Targets/ServerSentEventFuzz.swift ;;
        *) echo "unknown fuzz target: $1 (one of: ${all_targets[*]})" >&2; exit 2 ;;
    esac
}

build() {
    local target=$1
    local library
    mapfile -t library < <(find Sources/Courier -name '*.swift' | sort)
    echo "== fuzz: building $target"
    # The library imports the CCurl C target (libcurl's declarations and its loader): built here too.
    mkdir -p "$out/ccurl"
    printf 'module CCurl {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CCurl/include/CCurl.h" >"$out/ccurl/module.modulemap"
    if ! { clang -c -O1 -ISources/CCurl/include Sources/CCurl/CCurl.c -o "$out/ccurl/CCurl.o" &&
        swiftc -sanitize=fuzzer,address -use-ld=lld -parse-as-library -swift-version 6 -module-name Courier -package-name Courier -O \
            -I "$out/ccurl" "${library[@]}" Fuzz/Support/*.swift "$(source_file "$target")" "$out/ccurl/CCurl.o" -ldl \
            -o "$out/$target"; } >"$out/$target.build.log" 2>&1
    then
        cat "$out/$target.build.log"
        echo "== fuzz: $target does not build. swiftc -sanitize=fuzzer needs the toolchain's libFuzzer runtime" \
            "(lib/clang/*/lib/linux/libclang_rt.fuzzer*.a) and lld." >&2
        exit 1
    fi
}

mkdir -p "$out/crashes"

if [ "${1:-}" = "--reproduce" ]; then
    target=$2
    build "$target"
    exec "$out/$target" "$3"
fi

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

for target in "${targets[@]}"; do
    source_file "$target" >/dev/null
    build "$target"
    mkdir -p "$out/corpus/$target"
    echo "== fuzz: running $target (at most $runs runs or $max_time s)"
    start=$(date +%s)
    if ! "$out/$target" -runs="$runs" -max_total_time="$max_time" -max_len=2048 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$target-" "$out/corpus/$target" >"$out/$target.log" 2>&1
    then
        grep -v '^#[0-9]' "$out/$target.log" | tail -n 60
        echo "== fuzz: $target FAILED; the input is in $out/crashes/" >&2
        exit 1
    fi
    executed=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$target.log" | grep -o '[0-9]*$' || echo "?")
    echo "== fuzz: $target passed: $executed runs in $(( $(date +%s) - start )) s, no invariant broken"
done
