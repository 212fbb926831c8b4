#!/usr/bin/env bash
# Makes sure the command-line tools some tests use are installed, installing what is missing from the
# system's packages (Debian or Ubuntu, as root or with sudo):
#   openssl  makes the self-signed certificates and runs the HTTPS server of TLSValidationTests and
#            CurlProxyTests
#   gzip     reads back what the loopback server's gzip writer produced (FaultRouteTests)
#   nginx    the HTTPS server offering HTTP/2 of HTTP2Tests, at /usr/sbin/nginx (package nginx-light)
set -euo pipefail

missing=()
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v gzip >/dev/null 2>&1 || missing+=(gzip)
# The tests run /usr/sbin/nginx, which is not on every user's PATH.
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -eq 0 ]; then
    echo "openssl, gzip and nginx are installed"
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
