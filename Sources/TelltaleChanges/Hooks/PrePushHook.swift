import Foundation

/// `telltale hook install|uninstall`: a git pre-push hook that runs the tests a push can break.
///
/// For each pushed branch the hook runs the plan on the pushed commit (`--commit`, so what is
/// tested is what is pushed, whatever the working tree holds) with `--changed --base <what the
/// remote has> --fail-fast --stress-new 2` (a new branch runs everything): a new test, or one
/// in a changed test file, runs twice more, so one that arrives flaky is caught before it is
/// pushed; a failure refuses the push. Its
/// reports go to `<git dir>/telltale/pre-push`, never over the package's own `Reports/`.
/// `git push --no-verify` skips it, as git skips every pre-push hook then. The hook carries a
/// marker line, so Telltale only ever replaces or removes a hook it wrote.
public enum PrePushHook {
    static let marker = "# telltale pre-push hook"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes the hook (again, when Telltale wrote the one there) and returns its path.
    /// `arguments` follow `telltale run` in the hook: a plan, `--package DIR`.
    public static func install(in directory: String, telltale: String, arguments: [String], force: Bool) async throws(Failure) -> String {
        let path = try await hookPath(in: directory)
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), !existing.contains(marker), !force {
            throw Failure(description: "\(path) exists and Telltale did not write it; add Telltale to it by hand, or replace it with --force")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try script(telltale: telltale, arguments: arguments).write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
            throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// Removes the hook if Telltale wrote it; returns its path, or nil when there was none of ours.
    public static func uninstall(in directory: String) async throws(Failure) -> String? {
        let path = try await hookPath(in: directory)
        guard let existing = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        guard existing.contains(marker) else {
            throw Failure(description: "\(path) was not written by Telltale; it is left alone")
        }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw Failure(description: "cannot remove \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// `.git/hooks/pre-push`, or wherever `core.hooksPath` points.
    static func hookPath(in directory: String) async throws(Failure) -> String {
        let hooks = await GitCommand.run(["rev-parse", "--path-format=absolute", "--git-path", "hooks"], in: directory)
        guard hooks.succeeded, let folder = hooks.first else {
            throw Failure(description: "\(directory) is not in a git repository: a pre-push hook needs one")
        }
        return "\(folder)/pre-push"
    }

    static func script(telltale: String, arguments: [String]) -> String {
        let quoted = arguments.map(shellQuoted).joined(separator: " ")
        return """
            #!/bin/sh
            \(marker): written by `telltale hook install`; `telltale hook uninstall` removes it.
            # Runs the tests that each pushed commit can break, on that commit; a failure refuses
            # the push. `git push --no-verify` skips it.
            telltale=\(shellQuoted(telltale))
            [ -x "$telltale" ] || telltale=telltale
            reports="$(git rev-parse --absolute-git-dir)/telltale/pre-push"
            zero=0000000000000000000000000000000000000000
            status=0
            while read -r local_ref local_sha remote_ref remote_sha; do
                # A deleted branch has nothing to test.
                [ "$local_sha" = "$zero" ] && continue
                echo "telltale: testing $local_ref ($local_sha) before it is pushed" >&2
                if [ "$remote_sha" != "$zero" ] && git cat-file -e "$remote_sha^{commit}" 2>/dev/null; then
                    "$telltale" run \(quoted) --commit "$local_sha" --changed --base "$remote_sha" --fail-fast --stress-new 2 \\
                        --report-dir "$reports" </dev/null || status=$?
                else
                    # A new branch, or one the remote has moved past what is here: everything runs.
                    "$telltale" run \(quoted) --commit "$local_sha" --fail-fast --stress-new 2 --report-dir "$reports" </dev/null \\
                        || status=$?
                fi
                [ "$status" -ne 0 ] && break
            done
            exit "$status"

            """
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
