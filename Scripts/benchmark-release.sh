#!/usr/bin/env bash
# Measures Telltale's release binary, as a CI job meets it (issue "Telltale in a CI job in
# seconds"): the static release build from source (its time: what every CI job paid before),
# the binary's size (as built, stripped, gzipped in the archive), its dynamic dependencies,
# `telltale --version`'s start time, the install from a local archive (goal: under 10 s), and the
# demo plan run by the installed binary: a copy outside the toolchain, with the toolchain's
# runtime libraries out of its reach (ldd shows nothing resolved into the toolchain).
#
#   Scripts/benchmark-release.sh                 # builds first: 20-45 min on 2 cores
#   Scripts/benchmark-release.sh --binary PATH   # a static release build made already (with its commit)
#
# The build is Scripts/package-release's in a fresh clone of HEAD (as a CI job builds; the
# packages' clones come from SwiftPM's cache, at this checkout's Package.resolved), so the working
# tree is left alone and the binary names a commit; RELEASE_CLONE=DIR keeps that clone in DIR, for
# --binary DIR/.build/release/telltale later. The demo run needs this checkout's debug build of
# demo-backend (`swift build --product demo-backend`, made if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=""
[ "${1:-}" = "--binary" ] && binary=${2:?--binary needs a path}

version=$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' Sources/TelltaleOrchestrator/RunOrchestrator.swift)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DIST="$work/dist"
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
milliseconds() { echo $(($(date +%s%N) / 1000000)); }

echo "== the release archive (Scripts/package-release)"
started=$(milliseconds)
if [ -n "$binary" ]; then
    Scripts/package-release --binary "$binary" >"$work/package.log"
    echo "source build: not measured (--binary given)"
else
    clone=${RELEASE_CLONE:-$work/clone}
    git clone --quiet "$PWD" "$clone"
    [ ! -f Package.resolved ] || cp Package.resolved "$clone/"
    (cd "$clone" && Scripts/package-release) >"$work/package.log" 2>"$work/build.log" || { tail -30 "$work/build.log"; exit 1; }
    binary="$clone/.build/release/telltale"
    echo "source build (swift build -c release --static-swift-stdlib --product telltale, clean clone) and packaging: $((($(milliseconds) - started) / 1000)) s"
fi
archive=$(grep '\.tar\.gz$' "$work/package.log")

echo "== size"
size() { echo "$(($(stat -c %s "$1") / 1024 / 1024)) MB"; }
mkdir -p "$work/unpacked"
tar -xzf "$archive" -C "$work/unpacked"
stripped=$(echo "$work"/unpacked/telltale-*/bin/telltale)
echo "as built: $(size "$binary"); stripped: $(size "$stripped"); archive (gzipped): $(size "$archive")"

echo "== dynamic dependencies (readelf -d)"
readelf -d "$stripped" | awk '/NEEDED|RUNPATH|RPATH/ { print "  " $2 " " $NF }'

echo "== install from the local archive (Scripts/install-telltale.sh --version $version)"
started=$(milliseconds)
TELLTALE_RELEASE_URL="file://$DIST" Scripts/install-telltale.sh --version "$version" --prefix "$work/installed" >"$work/install.log" 2>&1 \
    || { cat "$work/install.log"; exit 1; }
echo "install: $(($(milliseconds) - started)) ms ($(grep '^installed' "$work/install.log"))"
telltale="$work/installed/bin/telltale"

echo "== what the installed copy loads (ldd; the toolchain is $toolchain)"
# Beside NEEDED, what those load in turn (Debian's libxml2: ICU and liblzma).
env -i PATH=/usr/bin:/bin ldd "$telltale" | sed 's/^\s*/  /'
if env -i PATH=/usr/bin:/bin ldd "$telltale" | grep -q "$toolchain"; then
    echo "FAIL: a library resolves into the toolchain" >&2
    exit 1
fi
echo "nothing resolves into $toolchain"

echo "== telltale --version start time (empty environment, 20 runs)"
times=()
for _ in $(seq 1 20); do
    started=$(date +%s%N)
    env -i "$telltale" --version >/dev/null
    times+=($((($(date +%s%N) - started) / 1000)))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
env -i "$telltale" --version
echo "median $(echo "$sorted" | sed -n 10p) µs, slowest $(echo "$sorted" | tail -1) µs"

echo "== the demo plan, run by the installed copy"
swift build --product demo-backend >/dev/null 2>&1
started=$(milliseconds)
status=0
# The toolchain stays on PATH (the demo's packages are built with it); no LD_LIBRARY_PATH.
env -u LD_LIBRARY_PATH "$telltale" run Plans/demo.yml --no-history --report-dir "$work/demo-reports" >"$work/demo.log" 2>&1 || status=$?
echo "demo: exit $status in $((($(milliseconds) - started) / 1000)) s: $(grep -E '[0-9]+ passed' "$work/demo.log" | tail -1)"
[ "$status" -eq 0 ] || { tail -30 "$work/demo.log"; exit 1; }
