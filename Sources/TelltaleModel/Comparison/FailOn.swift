/// Which failures fail the run (`--fail-on`, a plan's `failOn:`): every one (`any`, the default),
/// or only those the change brought (`new`): a test that did not fail on the base, or one the base
/// did not have. With `new`, a test already failing on the base is reported and fails nothing, and
/// a run with no baseline to compare with counts every failure as new.
package enum FailOn: String, Codable, Sendable, Hashable, CaseIterable {
    case any
    case new
}
