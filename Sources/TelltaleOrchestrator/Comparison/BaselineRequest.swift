import Foundation
import TelltaleChanges
import TelltaleHistory
import TelltaleImport
import TelltaleModel

/// What a run, a merge or a queue build's report is compared with, resolved before anything
/// starts: `--baseline FILE` (the base's run.json, or any tool's JUnit: read now, so an unreadable
/// file is exit 2 before anything runs), else the base's run in the history, by the base's commit
/// and branch; and the gate (`--fail-on`). `apply(to:history:subset:)` compares a built record.
///
/// The base: `--base REF`, else `--changed=BASE`, else `--coverage-base`, else the CI's merge or
/// pull request (`CIBaseEnvironment`), else `--changed`'s upstream branch. Its commit is the
/// merge-base with `HEAD` where git knows the ref (a CI's own commit as it is), its branch the
/// ref's branch (`origin/main` is `main`), or the ref itself where git does not know it (a shallow
/// clone): the history is looked up by name then.
package struct BaselineRequest: Sendable {
    /// The base of the change, as the history is searched for it.
    package struct Base: Sendable, Hashable {
        package var commit: String?
        package var branch: String?
        /// What named it: `--base main`, `GitHub's GITHUB_BASE_REF=main`.
        package var source: String

        package init(commit: String?, branch: String?, source: String) {
            self.commit = commit
            self.branch = branch
            self.source = source
        }
    }

    /// A `--baseline` that cannot be used: exit 2, naming the file and what to give.
    package struct BaselineError: Error, LocalizedError, Sendable {
        package var message: String
        package var errorDescription: String? { message }
    }

    package var base: Base?
    /// `--baseline FILE`'s run, read; it beats the history.
    package var file: Baseline?
    /// Nil keeps the record's own (a merge keeps its shards').
    package var failOn: FailOn?

    package init(base: Base? = nil, file: Baseline? = nil, failOn: FailOn? = nil) {
        self.base = base
        self.file = file
        self.failOn = failOn
    }

    /// The request of `--baseline`, `--base` and the rest (see the type), git asked in `package`.
    package static func resolve(
        baseline path: String?, base: String?, changed: ChangeBase? = nil, coverageBase: String? = nil, failOn: FailOn?, package: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(BaselineError) -> BaselineRequest {
        var request = BaselineRequest(failOn: failOn)
        let file = try path.map { path throws(BaselineError) in try read(path) }
        request.base = await Self.base(option: base, changed: changed, coverageBase: coverageBase, environment: environment, package: package)
        if var file {
            // A JUnit file names no branch: the base's, when one is known, names it in reports.
            if file.source.branch == nil, let branch = request.base?.branch { file.source.name = branch }
            request.file = file
        }
        return request
    }

    /// The base's run from its file; what to give instead when it cannot be read.
    static func read(_ path: String) throws(BaselineError) -> Baseline {
        let record: RunRecord
        do {
            record = try EarlierRunFile.read(path: path)
        } catch {
            throw BaselineError(
                message:
                    "--baseline \(path): \(error.reason); give the base's run.json or JUnit XML file (its CI job's artifact), or leave --baseline out to compare with the base's run in the history"
            )
        }
        let source = BaselineSource(
            kind: .file, name: record.environment.gitBranch ?? "the baseline", chosenBy: "--baseline", commit: record.environment.gitCommit,
            branch: record.environment.gitBranch, startedAt: record.startedAt, path: path)
        return Baseline(record: record, source: source)
    }

    static func base(
        option: String?, changed: ChangeBase?, coverageBase: String?, environment: [String: String], package: String
    ) async -> Base? {
        if let option { return await named(option, source: "--base \(option)", package: package) }
        if case .named(let name) = changed { return await named(name, source: "--changed=\(name)", package: package) }
        if let coverageBase { return await named(coverageBase, source: "--coverage-base \(coverageBase)", package: package) }
        if let detected = CIBaseEnvironment.detect(environment) {
            var commit = detected.commit
            if commit == nil, let branch = detected.branch {
                commit = await mergeBase("origin/\(branch)", package: package)
            }
            return Base(commit: commit, branch: detected.branch, source: detected.source)
        }
        if changed == .upstream {
            let upstream = await GitCommand.run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"], in: package)
            if upstream.succeeded, let name = upstream.first {
                return await named(name, source: "--changed (the upstream branch \(name))", package: package)
            }
        }
        return nil
    }

    /// A ref as a base: its merge-base with `HEAD` and its branch where git knows it, else its name.
    static func named(_ ref: String, source: String, package: String) async -> Base {
        let known = await GitCommand.run(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: package)
        guard known.succeeded, let tip = known.first else { return Base(commit: nil, branch: branchName(ref), source: source) }
        let full = await GitCommand.run(["rev-parse", "--symbolic-full-name", ref], in: package)
        let branch = full.succeeded ? full.first.flatMap(branchName(fullRef:)) : nil
        return Base(commit: await mergeBase(ref, package: package) ?? tip, branch: branch, source: source)
    }

    static func mergeBase(_ ref: String, package: String) async -> String? {
        let output = await GitCommand.run(["merge-base", ref, "HEAD"], in: package)
        return output.succeeded ? output.first : nil
    }

    /// `main` for `refs/heads/main` and `refs/remotes/origin/main`; nil for a tag or a commit.
    static func branchName(fullRef: String) -> String? {
        let parts = fullRef.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 2, parts[0] == "refs", parts[1] == "heads" { return parts.dropFirst(2).joined(separator: "/") }
        if parts.count > 3, parts[0] == "refs", parts[1] == "remotes" { return parts.dropFirst(3).joined(separator: "/") }
        return nil
    }

    /// A ref git does not know (a shallow clone without the base), read as a branch's name.
    static func branchName(_ ref: String) -> String {
        branchName(fullRef: ref) ?? (ref.hasPrefix("origin/") ? String(ref.dropFirst("origin/".count)) : ref)
    }
}
