import Foundation

/// The base of the change a CI job tests, from its CI system's own variables: what a run
/// compares with when neither `--base` nor `--baseline` is given (`BaselineRequest`).
///
/// | CI | commit | branch |
/// |---|---|---|
/// | GitLab (merge request pipelines) | `CI_MERGE_REQUEST_DIFF_BASE_SHA` | `CI_MERGE_REQUEST_TARGET_BRANCH_NAME` |
/// | GitHub Actions (`pull_request`) | | `GITHUB_BASE_REF` |
/// | Buildkite (pull request builds) | | `BUILDKITE_PULL_REQUEST_BASE_BRANCH` |
package enum CIBaseEnvironment {
    /// Every variable this reads: test harnesses clear them so their runs compare with nothing.
    package static let variableNames = [
        "CI_MERGE_REQUEST_DIFF_BASE_SHA", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "GITHUB_BASE_REF", "BUILDKITE_PULL_REQUEST_BASE_BRANCH",
    ]

    package struct Detected: Sendable, Hashable {
        /// The base commit, when the CI names it (GitLab's merge-base).
        package var commit: String?
        /// The branch the change goes into.
        package var branch: String?
        /// Where it came from, for the console: `GitHub's GITHUB_BASE_REF=main`.
        package var source: String
    }

    /// The first CI system whose variables name a base; nil outside a merge or pull request's build.
    package static func detect(_ environment: [String: String]) -> Detected? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let sha = value("CI_MERGE_REQUEST_DIFF_BASE_SHA")
        let target = value("CI_MERGE_REQUEST_TARGET_BRANCH_NAME")
        if sha != nil || target != nil {
            let named = [target.map { "CI_MERGE_REQUEST_TARGET_BRANCH_NAME=\($0)" }, sha.map { "CI_MERGE_REQUEST_DIFF_BASE_SHA=\($0)" }]
            return Detected(commit: sha, branch: target, source: "GitLab's " + named.compactMap(\.self).joined(separator: " and "))
        }
        if let branch = value("GITHUB_BASE_REF") { return Detected(commit: nil, branch: branch, source: "GitHub's GITHUB_BASE_REF=\(branch)") }
        if let branch = value("BUILDKITE_PULL_REQUEST_BASE_BRANCH") {
            return Detected(commit: nil, branch: branch, source: "Buildkite's BUILDKITE_PULL_REQUEST_BASE_BRANCH=\(branch)")
        }
        return nil
    }
}
