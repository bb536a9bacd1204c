/// A test process whose counts are not in a coverage run's total: it wrote no raw profile (it
/// died before it wrote one, which without continuous profiles is every crash), or an empty or
/// unreadable one. The total is then a lower bound, and no threshold judges it (`CoverageSummary`).
package struct CoverageGap: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The process, as its tests' `placement.process` names it (`<session>/p12`); for a profile
    /// no test process of the run owns, the profile's file name.
    package var process: String
    /// What is wrong with its profile: `wrote no profile`, `left an empty profile`, `left a profile
    /// llvm-profdata cannot read (…)`.
    package var reason: String
    /// The tests that ran in it, the first few by id, and how many in all.
    package var tests: [String]
    package var testCount: Int

    /// How many of a process's tests a gap names.
    package static let namedTests = 3

    package init(process: String, reason: String, tests: [String], testCount: Int? = nil) {
        self.process = process
        self.reason = reason
        self.tests = Array(tests.prefix(Self.namedTests))
        self.testCount = testCount ?? tests.count
    }

    /// `test process r1-w2/p12 (A, B and 3 more) wrote no profile`.
    package var description: String {
        var text = "test process \(process)"
        if !tests.isEmpty {
            let more = testCount - tests.count
            text += " (" + tests.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "") + ")"
        }
        return text + " " + reason
    }
}
