#!/usr/bin/env bash
# Makes sure the command-line tools some tests use are installed, installing what is missing from the
# system's packages (Debian or Ubuntu, as root or with sudo):
#   openssl  makes the self-signed certificate and runs the HTTPS server of TLSValidationTests
#   gzip     reads back what the loopback server's gzip writer produced (FaultRouteTests)
set -euo pipefail

missing=()
for tool in openssl gzip; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "openssl and gzip are installed"
    exit 0
fi

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "cannot install ${missing[*]}: no apt-get here; install them by hand" >&2
    exit 1
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
