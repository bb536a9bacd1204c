#!/usr/bin/env bash
# Installs the `telltale` command for a team member or a CI machine into PREFIX/bin (default:
# ~/.local/bin; /usr/local/bin when run as root): a released binary in seconds, or a release
# build of a clone of Telltale.
#
#   curl -fsSL https://raw.githubusercontent.com/OWNER/telltale/main/Scripts/install-telltale.sh | bash -s -- --version 0.1.0
#   Scripts/install-telltale.sh --version 0.1.0 [--prefix PREFIX]   # the same, from a clone
#   Scripts/install-telltale.sh [PREFIX]                            # a release build of this clone (contributors)
#
# With --version, it downloads the release's archive for this platform (linux-x86_64,
# linux-aarch64, macos-universal) and its sums file from TELLTALE_RELEASE_URL (default: the
# GitHub release vVERSION's files; also a folder or a file:// URL, as Scripts/package-release
# writes dist/), checks the archive's SHA-256 against the sums file (a mismatch installs nothing,
# leaves nothing behind, and says so), checks that the binary runs and names VERSION, and installs
# it. Where the release has no archive for the platform, it says so and builds VERSION from source
# instead: this clone when it is that version, else a clone of its tag vVERSION (TELLTALE_REPOSITORY,
# default https://github.com/OWNER/telltale). --from-source builds from source whatever the
# release has; --dry-run says what it would do (after looking for the archive) and does nothing.
#
# A build from source needs Swift 6.2 or later and, on Linux, SQLite's headers (libsqlite3-dev),
# which it installs with apt-get when it can; it carries its commit (Scripts/build-commit writes it
# into the one source file that holds it, which is put back after the build), as the released
# binaries do: `telltale --version` says which version and commit are installed.
set -euo pipefail

fail() { echo "install-telltale: $*" >&2; exit 1; }
note() { echo "install-telltale: $*" >&2; }

if [ "$(id -u)" -eq 0 ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
version=""
from_source=false
dry_run=false
while [ $# -gt 0 ]; do
    case "$1" in
        --version) version=${2:?--version needs a version, such as 0.1.0}; shift 2 ;;
        --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
        --from-source) from_source=true; shift ;;
        --dry-run) dry_run=true; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]:-/dev/null}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
        -*) fail "unknown option $1 (--version X, --prefix DIR, --from-source, --dry-run)" ;;
        *) prefix=$1; shift ;;
    esac
done
version=${version#v}
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

# The clone this script is in, if any (piped into bash, it is in none).
checkout=""
script=${BASH_SOURCE[0]:-}
if [ -n "$script" ] && [ -f "$script" ]; then
    candidate=$(cd "$(dirname "$script")/.." && pwd)
    [ -f "$candidate/Sources/TelltaleOrchestrator/RunOrchestrator.swift" ] && checkout=$candidate
fi
checkout_version() {
    sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' "$1/Sources/TelltaleOrchestrator/RunOrchestrator.swift"
}

# A release build of the clone at $1, into $prefix/bin.
build_from_source() {
    local clone=$1
    if [ "$(uname -s)" = Linux ] && [ ! -f /usr/include/sqlite3.h ]; then
        if command -v apt-get >/dev/null 2>&1; then
            local sudo=""
            [ "$(id -u)" -ne 0 ] && sudo="sudo"
            note "installing libsqlite3-dev (the run history uses SQLite)"
            $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libsqlite3-dev >/dev/null
        else
            fail "please install SQLite's development headers (libsqlite3-dev or sqlite-devel)"
        fi
    fi
    note "building telltale in $clone (release; a few minutes the first time)"
    cd "$clone"
    local commit_file=Sources/TelltaleCommands/BuildCommit.swift
    committed=$(mktemp)
    cp "$commit_file" "$committed"
    trap 'cp "$committed" "$commit_file"; rm -f "$committed"' EXIT
    Scripts/build-commit >"$commit_file.new" && mv "$commit_file.new" "$commit_file"
    swift build -c release --product telltale >&2
    local binary
    binary="$(swift build -c release --show-bin-path)/telltale"
    mkdir -p "$prefix/bin"
    install -m 0755 "$binary" "$prefix/bin/telltale"
}

# The source of $version: this clone when it is that version, else a clone of the tag.
build_version_from_source() {
    if [ -n "$checkout" ] && [ "$(checkout_version "$checkout")" = "$version" ]; then
        $dry_run && { note "would build $version from source in $checkout"; exit 0; }
        build_from_source "$checkout"
        return
    fi
    local repository=${TELLTALE_REPOSITORY:-https://github.com/OWNER/telltale}
    $dry_run && { note "would clone v$version of $repository and build it from source"; exit 0; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    git clone --quiet --depth 1 --branch "v$version" "$repository" "$work/telltale" || fail "cannot clone v$version of $repository"
    "$work/telltale/Scripts/install-telltale.sh" --from-source --prefix "$prefix"
    exit 0
}

installed() {
    echo "installed $prefix/bin/telltale ($("$prefix/bin/telltale" --version 2>/dev/null | head -1))"
    case ":$PATH:" in
        *":$prefix/bin:"*) ;;
        *) note "add $prefix/bin to your PATH (e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" ;;
    esac
}

if [ -z "$version" ]; then
    [ -n "$checkout" ] || fail "say which release to install: --version X (see https://github.com/OWNER/telltale/releases)"
    $dry_run && { note "would build $checkout from source"; exit 0; }
    build_from_source "$checkout"
    installed
    exit 0
fi
if $from_source; then
    build_version_from_source
    installed
    exit 0
fi

case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x86_64 ;;
    Linux-aarch64 | Linux-arm64) platform=linux-aarch64 ;;
    Darwin-*) platform=macos-universal ;;
    *) platform="$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)" ;;
esac
archive="telltale-$version-$platform.tar.gz"
sums="telltale-$version-sha256sums.txt"
release=${TELLTALE_RELEASE_URL:-https://github.com/OWNER/telltale/releases/download/v$version}
release=${release%/}

# Everything downloaded goes into one folder, removed on every way out.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# fetch NAME: the release's file NAME into $work; status 2 when the release has no such file.
fetch() {
    local source="$release/$1" status=0
    case "$source" in
        http://* | https://*)
            if command -v curl >/dev/null 2>&1; then
                curl -fsSL --retry 3 -o "$work/$1" "$source" || status=$?
                [ "$status" -ne 22 ] || return 2   # curl -f: the server answered 4xx (404: no such file)
            elif command -v wget >/dev/null 2>&1; then
                wget -q -O "$work/$1" "$source" || status=$?
                [ "$status" -ne 8 ] || return 2    # wget: the server answered an error
            else
                fail "needs curl or wget to download $source"
            fi
            [ "$status" -eq 0 ] || fail "cannot download $source (status $status)"
            ;;
        *)
            local path=${source#file://}
            [ -f "$path" ] || return 2
            cp "$path" "$work/$1"
            ;;
    esac
}

no_archive() {
    note "no release archive for $platform: $1; building $version from source instead (minutes, not seconds)"
    rm -rf "$work"
    trap - EXIT
    build_version_from_source
    installed
    exit 0
}

status=0
fetch "$sums" || status=$?
[ "$status" -ne 2 ] || no_archive "$release/$sums does not exist"
expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1 }' "$work/$sums")
[ -n "$expected" ] || no_archive "$sums lists none"
$dry_run && { note "would download $release/$archive (sha256 $expected) and install it into $prefix/bin"; exit 0; }
status=0
fetch "$archive" || status=$?
[ "$status" -ne 2 ] || fail "$sums lists $archive, but $release/$archive does not exist; nothing installed"

if command -v sha256sum >/dev/null 2>&1; then
    actual=$(sha256sum "$work/$archive" | awk '{ print $1 }')
else
    actual=$(shasum -a 256 "$work/$archive" | awk '{ print $1 }')
fi
if [ "$actual" != "$expected" ]; then
    fail "checksum mismatch for $archive: $sums says $expected, the download is $actual; nothing installed"
fi

tar -xzf "$work/$archive" -C "$work"
binary="$work/telltale-$version-$platform/bin/telltale"
[ -x "$binary" ] || fail "$archive holds no telltale-$version-$platform/bin/telltale; nothing installed"
said=$("$binary" --version 2>&1) || fail "the released telltale does not run here: $said (on Linux it needs glibc, libstdc++, zlib, libxml2 and SQLite: libsqlite3-0); nothing installed"
case "$said" in
    "$version "*) ;;
    *) fail "$archive's telltale says it is '$said', not $version; nothing installed" ;;
esac
mkdir -p "$prefix/bin"
# A new name first, then a rename: a running telltale or a failed copy never sees half a binary.
install -m 0755 "$binary" "$prefix/bin/.telltale.new"
mv -f "$prefix/bin/.telltale.new" "$prefix/bin/telltale"
installed
