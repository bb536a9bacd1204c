#!/usr/bin/env bash
# What `telltale hook install --each-commit` costs over the default hook (the tip of each pushed
# branch), on a push of three one-line commits to a small app package (Scripts/make-app-package):
# the same three commits go to two bare remotes, one push through each hook. The pushed tip is
# the working tree, so the tip is tested in place; the commits before it are tested in Telltale's
# worktree, whose first build (round 1) is cold.
#
#   Scripts/benchmark-hook-each-commit.sh [ROUNDS]
#
# TELLTALE_BIN runs a given telltale binary (a release build by default).
set -euo pipefail
rounds=${1:-3}
cd "$(dirname "$0")/.."
root=$(pwd)
telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/SwitchApp"
Scripts/make-app-package "$package" "$root"
cd "$package"
printf '.build/\nReports/\n.telltale/\nPackage.resolved\n' >.gitignore
git init -q -b main
git add -A
git -c user.name=bench -c user.email=bench@example.com commit -qm "the app"
for remote in tip each; do
    git init -q --bare "$work/$remote.git"
    git remote add "$remote" "$work/$remote.git"
    git push -q "$remote" main
done
echo "building the app package once" >&2
swift build --build-tests >/dev/null
"$telltale" run --no-history --report-dir "$work/warm" >/dev/null 2>&1

now() { python3 -c 'import time; print(time.time())'; }
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }
change=0
# Three one-line commits to the app.
three_commits() {
    for _ in 1 2 3; do
        change=$((change + 1))
        printf '\n// change %s\n' "$change" >>Sources/SwitchApp/Cart.swift
        git -c user.name=bench -c user.email=bench@example.com commit -qam "change $change"
    done
}
# push REMOTE [--each-commit]: installs that hook, pushes main, prints the seconds and the runs.
timed_push() {
    local remote=$1 start runs
    shift
    "$telltale" hook install "$@" >/dev/null
    start=$(now)
    git push -q "$remote" main >"$work/push.out" 2>&1 || { echo "push refused:" >&2; cat "$work/push.out" >&2; exit 1; }
    runs=$(grep -c '^telltale: testing' "$work/push.out")
    echo "$(seconds "$start")s ($runs run$([ "$runs" = 1 ] || echo s))"
}

printf '%-6s %24s %28s\n' round "tip only (default)" "--each-commit"
for round in $(seq 1 "$rounds"); do
    three_commits
    tip=$(timed_push tip)
    each=$(timed_push each --each-commit)
    note=""
    [ "$round" = 1 ] && note=" (the worktree's first build)"
    printf '%-6s %24s %28s%s\n' "$round" "$tip" "$each" "$note"
done
