import Foundation

/// What one JUnit file, and a run's JUnit files together, may hold.
///
/// The default is GitLab's rules, the strictest of the common readers: its parser refuses a
/// document of more than 250,000 XML objects (elements, counted as Nokogiri counts them; text
/// is free), an `artifacts:reports:junit` file is capped at 30 MB and a job's at 100 MB.
/// Jenkins, GitHub's reporters and junitparser read such files unchanged, so every run's
/// JUnit keeps to them.
package struct JUnitLimits: Sendable, Hashable {
    package var maxElementsPerFile: Int
    package var maxBytesPerFile: Int
    package var maxBytesInAll: Int

    package init(maxElementsPerFile: Int, maxBytesPerFile: Int, maxBytesInAll: Int) {
        self.maxElementsPerFile = maxElementsPerFile
        self.maxBytesPerFile = maxBytesPerFile
        self.maxBytesInAll = maxBytesInAll
    }

    /// GitLab's limits, with megabytes read as 10^6 bytes so either reading of "MB" holds.
    package static let gitLab = JUnitLimits(maxElementsPerFile: 250_000, maxBytesPerFile: 30_000_000, maxBytesInAll: 100_000_000)

    /// One file, whatever it holds.
    package static let unlimited = JUnitLimits(maxElementsPerFile: .max, maxBytesPerFile: .max, maxBytesInAll: .max)
}

/// A run's JUnit: `junit.xml`, then `junit-2.xml`, … when one file would break the limits,
/// and notes on what was split or left out.
package struct JUnitFiles: Sendable {
    package var documents: [Data]
    package var notes: [String]

    /// `junit.xml` for the first document, `junit-N.xml` for the Nth after it.
    package static func fileName(_ index: Int) -> String {
        index == 0 ? "junit.xml" : "junit-\(index + 1).xml"
    }

    /// Whether `name` is one of `fileName`'s names: `junit.xml` or `junit-N.xml`.
    package static func isFileName(_ name: String) -> Bool {
        name == "junit.xml" || (name.hasPrefix("junit-") && name.hasSuffix(".xml") && Int(name.dropFirst(6).dropLast(4)) != nil)
    }
}
