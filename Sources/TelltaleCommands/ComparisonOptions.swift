import ArgumentParser
import TelltaleModel

/// `--base`, `--baseline` and `--fail-on`, as `run`, `merge` and `queue report` take them: what
/// the run is compared with, and which failures fail it.
struct ComparisonOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The base of the change (a branch, commit or tag): the run is compared with the base's run in the history (the newest run of its merge-base with HEAD, else of its branch); with --changed, also what the change is diffed from.",
            discussion:
                "Default: --coverage-base, else the CI's merge or pull request (GitHub's GITHUB_BASE_REF, GitLab's CI_MERGE_REQUEST_TARGET_BRANCH_NAME and CI_MERGE_REQUEST_DIFF_BASE_SHA, Buildkite's BUILDKITE_PULL_REQUEST_BASE_BRANCH).",
            valueName: "ref"))
    /// `run` also takes it as `--changed`'s base (`ChangeBase.named`).
    var base: String?

    @Option(
        help: ArgumentHelp(
            "Compare with this file of the base's run instead of the history: its run.json, or its JUnit XML (any tool's, read by test name).",
            valueName: "file"))
    /// Read by `BaselineRequest`; a file that cannot be read is exit 2.
    var baseline: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Which failures fail the run: any (the default, or the plan's failOn:), or new: only tests that did not fail on the base (and failing new tests); those already failing are reported and fail nothing.",
            valueName: "any|new"))
    /// Nil lets the plan's `failOn:` decide; `merge` and `queue report` apply it to the whole build
    /// (`BaselineRequest.compareBuild`).
    var failOn: FailOn?
}
