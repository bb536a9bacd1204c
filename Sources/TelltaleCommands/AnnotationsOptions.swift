import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleReports

/// `--annotations github|none`, shared by `telltale run` and `telltale report`.
struct AnnotationsOptions: ParsableArguments {
    @Option(help: "Print CI annotations for failing and flaky tests: github or none (default: github when GITHUB_ACTIONS=true).")
    var annotations: AnnotationsOption?

    /// Prints the chosen annotations for `record` on stdout.
    func print(_ record: RunRecord, context: ReportContext) {
        AnnotationsOption.resolved(annotations).print(record, context: context)
    }
}

/// The kinds of annotation `--annotations` chooses between.
enum AnnotationsOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Workflow commands (`::error file=…,line=…::…`) that GitHub shows on the pull request's diff,
    /// at most ten of each kind per step (`GitHubAnnotationWriter`).
    case github
    /// Nothing printed: the default off GitHub Actions.
    case none

    /// The option as given, or GitHub's when running in GitHub Actions.
    static func resolved(_ option: AnnotationsOption?, environment: [String: String] = ProcessInfo.processInfo.environment) -> AnnotationsOption {
        option ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .none)
    }

    /// Prints the annotations on stdout, where GitHub Actions reads workflow commands.
    func print(_ record: RunRecord, context: ReportContext) {
        guard self == .github else { return }
        Swift.print(GitHubAnnotationWriter().write(record, context: context), terminator: "")
    }
}
