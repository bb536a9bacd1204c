#!/usr/bin/env bash
# Installs the `telltale` command for a team member or a CI machine: a release build of this
# checkout, copied into PREFIX/bin (default: ~/.local/bin; /usr/local/bin when run as root).
#
#   Scripts/install-telltale.sh [PREFIX]          # from a clone of Telltale, at the commit or tag you want
#   git clone --depth 1 https://github.com/OWNER/telltale && telltale/Scripts/install-telltale.sh
#
# It needs Swift 6.2 or later and, on Linux, SQLite's headers (libsqlite3-dev), which it installs
# with apt-get when it can. Run it again after `git pull` to update; `telltale --version` says
# which version and commit are installed: the build carries its commit (Scripts/build-commit
# writes it into the one source file that holds it, which is put back after the build).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -eq 0 ]; then default_prefix=/usr/local; else default_prefix="$HOME/.local"; fi
prefix=${1:-$default_prefix}

if [ "$(uname -s)" = Linux ] && [ ! -f /usr/include/sqlite3.h ]; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        echo "install-telltale: installing libsqlite3-dev (the run history uses SQLite)" >&2
        $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libsqlite3-dev >/dev/null
    else
        echo "install-telltale: please install SQLite's development headers (libsqlite3-dev or sqlite-devel)" >&2
        exit 1
    fi
fi

echo "install-telltale: building telltale (release; a few minutes the first time)" >&2
commit_file=Sources/TelltaleCommands/BuildCommit.swift
committed=$(mktemp)
cp "$commit_file" "$committed"
trap 'cp "$committed" "$commit_file"; rm -f "$committed"' EXIT
Scripts/build-commit >"$commit_file.new" && mv "$commit_file.new" "$commit_file"
swift build -c release --product telltale >&2
binary="$(swift build -c release --show-bin-path)/telltale"
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/telltale"
echo "installed $prefix/bin/telltale"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "install-telltale: add $prefix/bin to your PATH (e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" >&2 ;;
esac
