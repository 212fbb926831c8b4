#!/usr/bin/env bash
# Installs mitmproxy into a virtual environment of its own, .build/mitmproxy-tools/venv (relative to the
# repository root), for the record-and-replay tests:
#   mitmdump      records real traffic to the loopback server as a HAR file (`--set hardump=FILE`), a
#                 recording no one here wrote, which ReplayTransport must replay
#   mitmproxy.io  reads HAR files back (scripts/har-summary.py): the independent reader of the HAR files
#                 RecordingTransport writes
# mitmproxy 11.0.2 is the newest release that runs on Python 3.11 (12.x needs 3.12); it writes HAR with
# the `hardump` option and reads it with `-r`. Every package, the dependencies too, is pinned to one
# version, so every machine runs the same code.
#
# Idempotent: a stamp file records what was installed; when it matches the list below (and the same
# Python), the script exits at once. When the list changes, the environment is made anew. Two
# processes may run it at once: the second waits (flock) for the first and then finds the stamp.
#
# Environment:
#   MITMPROXY_TOOLS_PYTHON   the Python to make the environment with (default: python3), 3.11 or later
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.build/mitmproxy-tools"
venv="$tools/venv"
stamp="$tools/installed.txt"
lock="$root/.build/mitmproxy-tools.lock"
python="${MITMPROXY_TOOLS_PYTHON:-python3}"

# The pinned packages, as `pip freeze` writes them: mitmproxy and everything it needs.
# Changing a line reinstalls the environment on the next run.
pins="$(
    cat <<'PINS'
mitmproxy==11.0.2
aioquic==1.2.0
asgiref==3.8.1
attrs==26.1.0
blinker==1.9.0
Brotli==1.1.0
certifi==2026.10.19.post1
cffi==2.1.1
click==8.5.1
cryptography==44.0.3
Flask==3.1.0
h11==0.14.0
h2==4.1.0
hpack==4.2.0
hyperframe==6.0.1
itsdangerous==2.2.0
Jinja2==3.1.6
kaitaistruct==0.10
ldap3==2.9.1
MarkupSafe==3.0.4
mitmproxy_rs==0.10.7
msgpack==1.1.0
passlib==1.7.4
publicsuffix2==2.20191221
pyasn1==0.6.5
pyasn1_modules==0.4.2
pycparser==3.12
pylsqpack==0.3.24
pyOpenSSL==24.3.0
pyparsing==3.2.0
pyperclip==1.9.0
ruamel.yaml==0.18.6
ruamel.yaml.clib==0.2.15
service-identity==24.2.0
sortedcontainers==2.4.0
tornado==6.4.2
typing_extensions==4.16.0
urwid==2.6.16
wcwidth==0.9.4
Werkzeug==3.1.9
wsproto==1.2.0
zstandard==0.23.0
PINS
)"

fail() {
    echo "mitmproxy-tools: $*" >&2
    exit 1
}

command -v "$python" >/dev/null 2>&1 ||
    fail "no '$python' on PATH: install Python 3.11 or later (Debian: apt-get install python3 python3-venv)," \
        "or point MITMPROXY_TOOLS_PYTHON at one"
# One run of Python tells its version and whether it is new enough.
version="$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3]); sys.exit(sys.version_info < (3, 11))')" ||
    fail "'$python' is Python ${version:-of an unknown version}; mitmproxy 11 needs 3.11 or later" \
        "(set MITMPROXY_TOOLS_PYTHON to another)"

# What the stamp says once the environment is complete: the Python that made it and the pins.
wanted="python $version ($(command -v "$python"))
$pins"

is_installed() {
    [ -x "$venv/bin/mitmdump" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]
}

# The quick answer, without the lock: the stamp is written last, so a matching one means done.
if is_installed; then
    exit 0
fi

mkdir -p "$root/.build"
command -v flock >/dev/null 2>&1 || fail "no flock on PATH (Debian: apt-get install util-linux)"
exec 9>"$lock"
if ! flock -n 9; then
    echo "mitmproxy-tools: another process is installing; waiting for it" >&2
    flock 9
fi
# Another process may have finished the work while this one waited.
if is_installed; then
    exit 0
fi

echo "mitmproxy-tools: installing mitmproxy into $venv (Python $version)" >&2
rm -rf "$venv" "$stamp"
mkdir -p "$tools"
if ! "$python" -m venv "$venv" >"$tools/venv.log" 2>&1; then
    cat "$tools/venv.log" >&2
    rm -rf "$venv"
    if ! "$python" -c 'import ensurepip' >/dev/null 2>&1; then
        fail "'$python -m venv' failed: this Python has no ensurepip; on Debian or Ubuntu install the" \
            "venv module with: apt-get install python3-venv (or python$(echo "$version" | cut -d. -f1,2)-venv)"
    fi
    fail "'$python -m venv $venv' failed (output above)"
fi

requirements="$tools/requirements.txt"
printf '%s\n' "$pins" >"$requirements"
# --disable-pip-version-check: no look-up of pip's own newest version; the output goes to a log that
# is shown when pip fails.
if ! "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$requirements" \
    >"$tools/pip.log" 2>&1; then
    cat "$tools/pip.log" >&2
    fail "pip could not install the pinned packages (output above; the list is in $requirements)"
fi
# Proof that what the tests run is there before the stamp says so.
"$venv/bin/mitmdump" --version >/dev/null || fail "mitmproxy installed, but mitmdump does not start"
"$venv/bin/python" -c 'import mitmproxy.io, mitmproxy.addons.savehar' ||
    fail "mitmproxy installed, but its HAR reader and writer do not import"

printf '%s\n' "$wanted" >"$stamp.tmp"
mv "$stamp.tmp" "$stamp"
echo "mitmproxy-tools: installed ($(wc -l <<<"$pins") packages)" >&2
