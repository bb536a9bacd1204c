import Foundation

/// The files a change touches: from the base to the working tree, committed, staged,
/// unstaged and untracked, with both sides of a rename and deleted files included.
package struct ChangeSet: Sendable, Equatable {
    /// How the base was chosen, for people: `origin/main (merge-base 1a2b3c4d)`.
    package var base: String
    /// Absolute paths.
    package var files: [String]
    /// The base's commit (the merge-base); nil when there is none.
    package var commit: String? = nil
    /// Set when no base could be found (a shallow clone): every test runs, and this says why.
    package var everything: String?

    package struct ChangeSetError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    package static func load(package: String, base: ChangeBase) async throws(ChangeSetError) -> ChangeSet {
        let top = await GitCommand.run(["rev-parse", "--show-toplevel"], in: package)
        guard top.succeeded, let root = top.first else {
            throw ChangeSetError(description: "--changed: \(package) is not in a git repository; run without --changed, or from a clone")
        }
        guard await GitCommand.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: package).succeeded else {
            return ChangeSet(base: "no commit yet", files: [], everything: "the repository has no commit yet")
        }
        let resolved = try await base.mergeBase(in: package)
        guard let commit = resolved.commit else {
            return ChangeSet(
                base: resolved.label, files: [],
                everything: "no merge-base between \(resolved.label) and HEAD (a shallow clone? fetch more history): every test runs")
        }
        let described = resolved.described
        // At the repository's top, so every path is from there (`--full-name` for the untracked too).
        let diff = await GitCommand.run(["diff", "--name-status", "-M", "--no-color", commit, "--", "."], in: root)
        let untracked = await GitCommand.run(["ls-files", "--others", "--exclude-standard", "--full-name"], in: root)
        guard diff.succeeded, untracked.succeeded else {
            throw ChangeSetError(
                description: "--changed: git diff from \(described) failed: \((diff.lines + untracked.lines).suffix(5).joined(separator: "\n"))")
        }
        var files: [String] = []
        for line in diff.lines where !line.isEmpty {
            // `M\tpath`, `D\tpath`, `R100\told\tnew`: every path counts (a rename touches both sides).
            files += line.split(separator: "\t").dropFirst().map { "\(root)/\($0)" }
        }
        files += untracked.lines.filter { !$0.isEmpty }.map { "\(root)/\($0)" }
        // A path may come up more than once (in both lists, or in two renames): each is one file.
        return ChangeSet(base: described, files: Array(Set(files)).sorted(), commit: commit)
    }
}
