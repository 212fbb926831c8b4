#!/usr/bin/env bash
# Installs the Python tools the OpenAPI tests use into a virtual environment of their own,
# .build/openapi-tools/venv (relative to the repository root):
#   openapi-core   validates requests and responses against OpenAPI 3.0, 3.1 (and 3.2) documents
#                  (scripts/openapi-server.py)
#   bravado-core   validates requests and responses against Swagger 2.0 documents (the same server)
#   PyYAML         reads YAML documents (its C loader when libyaml is there: fast on big documents)
#   ruamel.yaml    YAML 1.2 reading and writing, for the YAML comparison tests
# Every package, the dependencies too, is pinned to one version, so every machine runs the same code.
#
# Idempotent: a stamp file records what was installed; when it matches the list below (and the same
# Python), the script exits at once. When the list changes, the environment is made anew. Two
# processes may run it at once: the second waits (flock) for the first and then finds the stamp.
#
# Environment:
#   OPENAPI_TOOLS_PYTHON   the Python to make the environment with (default: python3), 3.10 or later
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.build/openapi-tools"
venv="$tools/venv"
stamp="$tools/installed.txt"
lock="$root/.build/openapi-tools.lock"
python="${OPENAPI_TOOLS_PYTHON:-python3}"

# The pinned packages, as `pip freeze` writes them: the four named above and everything they need.
# Changing a line reinstalls the environment on the next run.
pins="$(
    cat <<'EOF'
openapi-core==0.23.1
bravado-core==6.4.1
PyYAML==6.0.3
ruamel.yaml==0.19.1
annotated-types==0.8.0
arrow==1.4.0
attrs==26.1.0
certifi==2026.10.19.post1
charset-normalizer==3.5.3
fqdn==1.6.0
idna==3.20
importlib_resources==7.1.0
isodate==0.7.2
isoduration==20.11.0
jsonpointer==3.12
jsonref==1.1.0
jsonschema==4.26.0
jsonschema-path==0.4.6
jsonschema-specifications==2025.9.1
lark==1.3.1
lazy-object-proxy==1.13.0
MarkupSafe==3.0.4
more-itertools==11.2.1
msgpack==1.2.4
openapi-schema-validator==0.8.1
openapi-spec-validator==0.8.5
pathable==0.5.0
pydantic==2.14.4
pydantic-settings==2.16.3
pydantic_core==2.50.5
python-dateutil==4.0.0
python-dotenv==1.2.4
pytz==2026.6
referencing==0.37.0
requests==2.34.2
rfc3339-validator==0.1.4
rfc3986-validator==0.1.1
rfc3987-syntax==1.1.0
rpds-py==2026.9.1
simplejson==4.3.0
six==1.17.0
swagger-spec-validator==3.0.4
typing-inspection==0.4.5
typing_extensions==4.16.0
tzdata==2026.6
uri-template==1.3.0
urllib3==2.8.0
webcolors==25.10.0
Werkzeug==3.1.9
EOF
)"

fail() {
    echo "openapi-tools: $*" >&2
    exit 1
}

command -v "$python" >/dev/null 2>&1 ||
    fail "no '$python' on PATH: install Python 3.10 or later (Debian: apt-get install python3 python3-venv)," \
        "or point OPENAPI_TOOLS_PYTHON at one"
# One run of Python (a pyenv shim takes a moment to start) tells its version and whether it is new enough.
version="$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3]); sys.exit(sys.version_info < (3, 10))')" ||
    fail "'$python' is Python ${version:-of an unknown version}; openapi-core needs 3.10 or later" \
        "(set OPENAPI_TOOLS_PYTHON to another)"

# What the stamp says once the environment is complete: the Python that made it and the pins.
wanted="python $version ($(command -v "$python"))
$pins"

is_installed() {
    [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]
}

# The quick answer, without the lock: the stamp is written last, so a matching one means done.
if is_installed; then
    exit 0
fi

mkdir -p "$root/.build"
command -v flock >/dev/null 2>&1 || fail "no flock on PATH (Debian: apt-get install util-linux)"
exec 9>"$lock"
if ! flock -n 9; then
    echo "openapi-tools: another process is installing; waiting for it" >&2
    flock 9
fi
# Another process may have finished the work while this one waited.
if is_installed; then
    exit 0
fi

echo "openapi-tools: installing the OpenAPI validators into $venv (Python $version)" >&2
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
# Proof that what the server imports is there before the stamp says so.
"$venv/bin/python" -c 'import openapi_core, bravado_core, yaml, ruamel.yaml' ||
    fail "the packages installed, but importing them failed"

printf '%s\n' "$wanted" >"$stamp.tmp"
mv "$stamp.tmp" "$stamp"
echo "openapi-tools: installed ($(wc -l <<<"$pins") packages)" >&2
