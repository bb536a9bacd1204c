#!/usr/bin/env bash
# Installs the system tools Telltale's tests use, if they are missing:
#   xmllint (libxml2-utils): validates JUnit against the schema in the tests.
#   stdbuf  (coreutils):     keeps test output line-buffered so a crash loses none.
# Safe to run again; installs nothing that is already there.
set -euo pipefail

missing=()
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v stdbuf >/dev/null 2>&1 || missing+=(coreutils)

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
