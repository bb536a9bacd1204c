import Foundation
import TelltaleProcesses

/// `telltale run --commit SHA`: the tests of a commit, whatever the working tree holds. The
/// pre-push hook runs each pushed commit this way, so a commit that breaks a test is refused
/// even when the working tree has since undone the break.
///
/// When the working tree is exactly the commit (nothing changed, nothing untracked), the run
/// stays where it is and its build is as warm as the user's.
/// Otherwise it runs in Telltale's own worktree of the repository (`<git dir>/telltale/worktree`,
/// never inside the working tree), checked out at the commit; that worktree is kept between
/// runs, so its `.build` stays warm and a later push rebuilds only what changed.
package struct CommitCheckout: Sendable {
    /// Where the run's package and plan are, when they moved to the worktree.
    package var package: String
    package var planPath: String?
    /// Said in the run's notes: where the commit was tested.
    package var note: String

    package struct CommitCheckoutError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// Resolves `commit` in the repository holding `package` and returns where to run it.
    package static func prepare(commit: String, package: String, planPath: String?) async throws(CommitCheckoutError) -> CommitCheckout {
        let top = await GitCommand.run(["rev-parse", "--show-toplevel"], in: package)
        guard top.succeeded, let root = top.first.map(standardized) else {
            throw CommitCheckoutError(description: "--commit: \(package) is not in a git repository")
        }
        let resolved = await GitCommand.run(["rev-parse", "--verify", "--quiet", "\(commit)^{commit}"], in: package)
        guard resolved.succeeded, let sha = resolved.first else {
            throw CommitCheckoutError(description: "--commit \(commit): git knows no such commit; fetch it, or name another")
        }
        let packagePath = standardized(package)
        let short = String(sha.prefix(10))
        if await workingTreeMatches(sha, repository: root) {
            return CommitCheckout(package: package, planPath: planPath, note: "tested commit \(short) in the working tree, which holds it exactly")
        }
        let worktree = try await checkOut(sha, repository: root)
        // A path inside the repository, at the same place in the worktree; one outside it stays as it is.
        func moved(_ path: String) -> String {
            let absolute = standardized(path)
            guard absolute == root || absolute.hasPrefix(root + "/") else { return path }
            return worktree + absolute.dropFirst(root.count)
        }
        return CommitCheckout(
            package: moved(packagePath), planPath: planPath.map(moved),
            note: "tested commit \(short) in Telltale's worktree \(worktree): the working tree differs from it")
    }

    /// True when the repository's tracked files equal the commit's and no untracked file (that
    /// git does not ignore) could join the build.
    static func workingTreeMatches(_ sha: String, repository root: String) async -> Bool {
        guard await GitCommand.run(["diff", "--quiet", sha], in: root).succeeded else { return false }
        let untracked = await GitCommand.run(["ls-files", "--others", "--exclude-standard"], in: root)
        return untracked.succeeded && untracked.lines.allSatisfy(\.isEmpty)
    }

    /// Telltale's worktree, made on first use and moved to `sha` (detached), with any file a
    /// earlier run left untracked removed; ignored files (its `.build`) stay.
    static func checkOut(_ sha: String, repository root: String) async throws(CommitCheckoutError) -> String {
        let common = await GitCommand.run(["rev-parse", "--path-format=absolute", "--git-common-dir"], in: root)
        guard common.succeeded, let gitDirectory = common.first else {
            throw CommitCheckoutError(description: "--commit: cannot find the git directory of \(root)")
        }
        let worktree = "\(gitDirectory)/telltale/worktree"
        let steps: [[String]]
        // Forced: the worktree is Telltale's alone, so changes an earlier run left in its tracked files go too.
        if FileManager.default.fileExists(atPath: "\(worktree)/.git") {
            steps = [
                ["-C", worktree, "checkout", "--quiet", "--detach", "--force", sha],
                ["-C", worktree, "clean", "--quiet", "-fd"],
            ]
        } else {
            // No `.git` there: never made, or left half made or removed. What is left goes, git's stale
            // entry for it is pruned, and the worktree is added again.
            try? FileManager.default.removeItem(atPath: worktree)
            steps = [["worktree", "prune"], ["worktree", "add", "--quiet", "--detach", worktree, sha]]
        }
        for arguments in steps {
            let step = await GitCommand.run(arguments, in: root)
            guard step.succeeded else {
                throw CommitCheckoutError(
                    description: "--commit: git \(arguments.joined(separator: " ")) failed: \(step.lines.suffix(5).joined(separator: " "))")
            }
        }
        return worktree
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
