import Foundation

/// Which build a machine joins and what it calls itself, from `--build`/`--machine` or, when
/// left out, the CI's variables and the host.
///
/// | CI | build id |
/// |---|---|
/// | GitHub Actions | `GITHUB_RUN_ID`-`GITHUB_RUN_ATTEMPT` (a re-run is a new attempt: a new build) |
/// | GitLab | `CI_PIPELINE_ID` |
/// | Buildkite | `BUILDKITE_BUILD_ID` |
/// | CircleCI | `CIRCLE_WORKFLOW_ID` |
package enum QueueBuildIdentity {
    /// The build id the CI's variables give, and where it came from; nil off CI.
    package static func buildID(from environment: [String: String]) -> (id: String, source: String)? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let run = value("GITHUB_RUN_ID") {
            let attempt = value("GITHUB_RUN_ATTEMPT") ?? "1"
            return ("github-\(run)-\(attempt)", "GitHub's GITHUB_RUN_ID=\(run), GITHUB_RUN_ATTEMPT=\(attempt)")
        }
        if let pipeline = value("CI_PIPELINE_ID") { return ("gitlab-\(pipeline)", "GitLab's CI_PIPELINE_ID=\(pipeline)") }
        if let build = value("BUILDKITE_BUILD_ID") { return ("buildkite-\(build)", "Buildkite's BUILDKITE_BUILD_ID=\(build)") }
        if let workflow = value("CIRCLE_WORKFLOW_ID") { return ("circleci-\(workflow)", "CircleCI's CIRCLE_WORKFLOW_ID=\(workflow)") }
        return nil
    }

    /// `--build`, else the CI's; a usage error naming both ways when neither gives one.
    package static func resolve(build: String?, environment: [String: String]) throws(QueueError) -> String {
        if let build, !build.isEmpty { return build }
        if let detected = buildID(from: environment) { return detected.id }
        throw QueueError(
            .noBuild,
            "--queue needs a build id that every machine of the build shares: pass --build ID (not on GitHub Actions, GitLab, Buildkite or CircleCI, whose variables give one)"
        )
    }

    /// The host name and this process's id: two processes on one host are two machines.
    package static func defaultMachine() -> String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
