#!/usr/bin/env bash
# What the pre-push hook costs on a one-line change, in a small app package
# (Scripts/make-app-package) with a bare remote, in one script run:
#   - before: `telltale run --changed --base REMOTE` in the working tree, what the hook ran
#     before it tested the pushed commit;
#   - `git push` with the hook, working tree = the pushed commit (tested in place);
#   - `git push` with the hook and an uncommitted edit beside it (tested in Telltale's
#     worktree): the first time (the worktree's first build) and again (warm).
# Each push carries a new one-line commit to the app's source.
#
#   Scripts/benchmark-hook.sh [ROUNDS]
#
# TELLTALE_BIN runs a given release binary.
set -euo pipefail
rounds=${1:-3}
cd "$(dirname "$0")/.."
root=$(pwd)
telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/SwitchApp"
Scripts/make-app-package "$package" "$root"
git init -q --bare "$work/remote.git"
cd "$package"
printf '.build/\nReports/\n.telltale/\nPackage.resolved\n' >.gitignore
git init -q -b main
git add -A
git -c user.name=bench -c user.email=bench@example.com commit -qm "the app"
git remote add origin "$work/remote.git"
git push -q origin main
echo "building the app package once" >&2
swift build --build-tests >/dev/null
"$telltale" run --no-history --report-dir "$work/warm" >/dev/null 2>&1
"$telltale" hook install >/dev/null

now() { python3 -c 'import time; print(time.time())'; }
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }
change=0
# A one-line change to the app, committed.
commit_change() {
    change=$((change + 1))
    printf '\n// change %s\n' "$change" >>Sources/SwitchApp/Cart.swift
    git -c user.name=bench -c user.email=bench@example.com commit -qam "change $change"
}
timed_push() {
    local start
    start=$(now)
    git push -q origin main >"$work/push.out" 2>&1 || { echo "push refused:" >&2; cat "$work/push.out" >&2; exit 1; }
    seconds "$start"
}

printf '%-6s %22s %18s %28s\n' round "before (run --changed)" "push, in place" "push, beside an edit"
for round in $(seq 1 "$rounds"); do
    commit_change
    remote=$(git rev-parse origin/main)
    start=$(now)
    "$telltale" run --changed --base "$remote" --fail-fast --no-history --report-dir "$work/before" >/dev/null 2>&1
    before=$(seconds "$start")
    in_place=$(timed_push)
    commit_change
    printf '// an edit not committed\n' >>Sources/SwitchApp/Cart.swift
    beside=$(timed_push)
    git checkout -q -- Sources/SwitchApp/Cart.swift
    note=""
    [ "$round" = 1 ] && note=" (the worktree's first build)"
    printf '%-6s %21ss %17ss %27ss%s\n' "$round" "$before" "$in_place" "$beside" "$note"
done
