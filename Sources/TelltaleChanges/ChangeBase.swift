import TelltaleProcesses

/// Where `telltale run --changed` diffs from.
package enum ChangeBase: Sendable, Equatable {
    /// The merge-base with the branch's upstream, or `HEAD` without one.
    case upstream
    /// The merge-base with this commit, branch or tag.
    case named(String)
}

extension ChangeBase {
    /// The base as people read it (`origin/main`), with its merge-base with `HEAD` when there is
    /// one (`described`: `origin/main (merge-base 1a2b3c4d)`); nil without one (a shallow clone).
    /// `--changed` and diff coverage both diff from it. A named base git does not know is an error
    /// naming `option`.
    package func mergeBase(
        in package: String, option: String = "--changed"
    ) async throws(ChangeSet.ChangeSetError) -> (label: String, described: String, commit: String?) {
        let (label, revision): (String, String)
        switch self {
        case .named(let name):
            // `^{commit}`: a tag is taken as its commit, and a name of anything but a commit is refused.
            guard await GitCommand.run(["rev-parse", "--verify", "--quiet", "\(name)^{commit}"], in: package).succeeded else {
                throw ChangeSet.ChangeSetError(
                    description: "\(option) \(name): git knows no such commit, branch or tag; fetch it, or name another base")
            }
            (label, revision) = (name, name)
        case .upstream:
            let upstream = await GitCommand.run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"], in: package)
            if upstream.succeeded, let name = upstream.first {
                (label, revision) = (name, name)
            } else {
                // No upstream (a branch never pushed): the change is what the working tree holds beyond `HEAD`.
                (label, revision) = ("HEAD (no upstream branch)", "HEAD")
            }
        }
        let mergeBase = await GitCommand.run(["merge-base", revision, "HEAD"], in: package)
        guard mergeBase.succeeded, let commit = mergeBase.first else { return (label, label, nil) }
        return (label, revision == "HEAD" ? label : "\(label) (merge-base \(commit.prefix(8)))", commit)
    }
}
