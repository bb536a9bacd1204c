import Foundation

/// `telltale hook install|uninstall`: a git pre-push hook that runs the tests a push can break.
///
/// For each pushed branch the hook runs the plan on the tip of what is pushed (`--commit`, so
/// what is tested is what is pushed, whatever the working tree holds) with `--changed --base
/// <what the remote has> --fail-fast --stress-new 2` (a new branch runs everything): a new
/// test, or one in a changed test file, runs twice more, so one that arrives flaky is caught
/// before it is pushed; a failure refuses the push. Only the tip is tested: a broken commit
/// that a later one fixes goes through. With `--each-commit` every pushed commit is tested,
/// oldest first, each with what changed since its parent, and the first that fails is named
/// and refuses the push. Its reports go to `<git dir>/telltale/pre-push`, never over the
/// package's own `Reports/`. `git push --no-verify` skips it, as git skips every pre-push hook
/// then. The hook carries a marker line, so Telltale only ever replaces or removes a hook it wrote.
package enum PrePushHook {
    static let marker = "# telltale pre-push hook"

    package struct HookInstallError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// What the hook tests, in the words `hook install` prints.
    package static func promise(eachCommit: Bool) -> String {
        eachCommit
            ? "tests every pushed commit, oldest first, each with what changed since its parent, and refuses the push at the first that fails"
            : "tests the tip of each pushed branch with what changed since the remote's commit (the commits before the tip are not tested one by one: --each-commit tests each), and refuses the push when it fails"
    }

    /// Writes the hook (again, when Telltale wrote the one there) and returns its path.
    /// `arguments` follow `telltale run` in the hook: a plan, `--package DIR`.
    package static func install(
        in directory: String, telltale: String, arguments: [String], eachCommit: Bool = false, force: Bool
    ) async throws(HookInstallError) -> String {
        let path = try await hookPath(in: directory)
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), !existing.contains(marker), !force {
            throw HookInstallError(
                description: "\(path) exists and Telltale did not write it; add Telltale to it by hand, or replace it with --force")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try script(telltale: telltale, arguments: arguments, eachCommit: eachCommit).write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
            throw HookInstallError(description: "cannot write \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// Removes the hook if Telltale wrote it; returns its path, or nil when there was none of ours.
    package static func uninstall(in directory: String) async throws(HookInstallError) -> String? {
        let path = try await hookPath(in: directory)
        guard let existing = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        guard existing.contains(marker) else {
            throw HookInstallError(description: "\(path) was not written by Telltale; it is left alone")
        }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw HookInstallError(description: "cannot remove \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// `.git/hooks/pre-push`, or wherever `core.hooksPath` points.
    static func hookPath(in directory: String) async throws(HookInstallError) -> String {
        let hooks = await GitCommand.run(["rev-parse", "--path-format=absolute", "--git-path", "hooks"], in: directory)
        guard hooks.succeeded, let folder = hooks.first else {
            throw HookInstallError(description: "\(directory) is not in a git repository: a pre-push hook needs one")
        }
        return "\(folder)/pre-push"
    }

    /// The hook: for each pushed branch, its tip (or with `eachCommit` each pushed commit, oldest
    /// first) tested with `telltale run --commit`; it says what it tests before each run, and
    /// names the commit that failed.
    static func script(telltale: String, arguments: [String], eachCommit: Bool = false) -> String {
        let quoted = arguments.map(shellQuoted).joined(separator: " ")
        // `$telltale`: the binary `hook install` named, else (gone since) whichever `telltale` is on PATH.
        let run = (["\"$telltale\" run"] + (quoted.isEmpty ? [] : [quoted])).joined(separator: " ")
        return """
            #!/bin/sh
            \(marker): written by `telltale hook install`; `telltale hook uninstall` removes it.
            # It \(promise(eachCommit: eachCommit)).
            # `git push --no-verify` skips it.
            telltale=\(shellQuoted(telltale))
            [ -x "$telltale" ] || telltale=telltale
            reports="$(git rev-parse --absolute-git-dir)/telltale/pre-push"
            remote="$1"
            each_commit=\(eachCommit ? 1 : 0)
            zero=0000000000000000000000000000000000000000
            status=0
            # test COMMIT [BASE]: the plan on COMMIT, only what changed since BASE (without one, everything).
            test_commit() {
                if [ -n "$2" ]; then
                    \(run) --commit "$1" --changed --base "$2" --fail-fast --stress-new 2 --report-dir "$reports" </dev/null
                else
                    \(run) --commit "$1" --fail-fast --stress-new 2 --report-dir "$reports" </dev/null
                fi
            }
            while read -r local_ref local_sha remote_ref remote_sha; do
                # A deleted branch has nothing to test.
                [ "$local_sha" = "$zero" ] && continue
                # A new branch, or one the remote has moved past what is here, has no base: everything runs.
                base=
                if [ "$remote_sha" != "$zero" ] && git cat-file -e "$remote_sha^{commit}" 2>/dev/null; then base=$remote_sha; fi
                commits=
                if [ "$each_commit" = 1 ] && [ -n "$base" ]; then
                    commits=$(git rev-list --reverse "$base..$local_sha")
                elif [ "$each_commit" = 1 ] && [ -n "$(git for-each-ref --count=1 "refs/remotes/$remote/")" ]; then
                    # The commits no branch of the remote has (a push to a URL knows no branch of it: the tip alone).
                    commits=$(git rev-list --reverse "$local_sha" --not --remotes="$remote")
                fi
                if [ -z "$commits" ]; then
                    since=${base:+"what changed since $base"}
                    only=
                    [ "$each_commit" = 0 ] && only="; the pushed commits before it are not tested one by one (telltale hook install --each-commit tests each)"
                    echo "telltale: testing $remote_ref at its tip $local_sha (${since:-everything: the remote has no base for it})$only" >&2
                    test_commit "$local_sha" "$base" || status=$?
                else
                    count=$(echo "$commits" | wc -l | tr -d ' ')
                    number=0
                    for commit in $commits; do
                        number=$((number + 1))
                        # Each commit against its parent; the oldest of a new branch against nothing.
                        parent=$(git rev-parse --quiet --verify "$commit^" 2>/dev/null) || parent=
                        [ -z "$base" ] && [ "$number" = 1 ] && parent=
                        echo "telltale: testing $remote_ref commit $number of $count, $commit ($(git log -1 --format=%s "$commit"))" >&2
                        test_commit "$commit" "$parent" || status=$?
                        if [ "$status" -ne 0 ]; then
                            echo "telltale: $commit ($(git log -1 --format=%s "$commit")) fails its tests, so the push is refused; the $((count - number)) pushed commit(s) after it were not tested" >&2
                            break
                        fi
                    done
                fi
                [ "$status" -ne 0 ] && break
            done
            exit "$status"

            """
    }

    /// `text` in single quotes, each `'` in it closed, escaped and reopened: one word to any POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
