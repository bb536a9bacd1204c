#!/usr/bin/env bash
# Installs the system tools Telltale's tests use, if they are missing:
#   xmllint (libxml2-utils): validates JUnit against the schema in the tests.
#   stdbuf  (coreutils):     keeps test output line-buffered so a crash loses none.
#   chromium:                loads index.html headless in the report tests and benchmark.
#   junitparser (PyPI):      a JUnit consumer library the report tests read junit.xml with.
#   analytics SDKs (PyPI):   segment-analytics-python, mixpanel, amplitude-analytics and
#                            snowplow-tracker, which the capture tests point at the server.
# Safe to run again; installs nothing that is already there.
set -euo pipefail

missing=()
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v stdbuf >/dev/null 2>&1 || missing+=(coreutils)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)

if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import junitparser' >/dev/null 2>&1; then
    echo "install-dependencies: installing junitparser (pip)" >&2
    python3 -m pip install --quiet junitparser
fi

sdks=()
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import segment.analytics' >/dev/null 2>&1 || sdks+=(segment-analytics-python)
    python3 -c 'import mixpanel' >/dev/null 2>&1 || sdks+=(mixpanel)
    python3 -c 'import amplitude' >/dev/null 2>&1 || sdks+=(amplitude-analytics)
    python3 -c 'import snowplow_tracker' >/dev/null 2>&1 || sdks+=(snowplow-tracker)
fi
if [ ${#sdks[@]} -gt 0 ]; then
    echo "install-dependencies: installing ${sdks[*]} (pip)" >&2
    python3 -m pip install --quiet "${sdks[@]}"
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-dependencies: please install ${missing[*]} with your system's package manager" >&2
    exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "install-dependencies: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi

echo "install-dependencies: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
