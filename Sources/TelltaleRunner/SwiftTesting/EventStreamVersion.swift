/// A version of Swift Testing's event-stream schema (`--event-stream-version`).
///
/// Which one a test binary speaks depends on the Swift Testing library it links (the
/// toolchain's, or a package's own copy), so `TestLister` asks the binary, newest first,
/// rather than assuming one from `swift --version`.
package struct EventStreamVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var major: Int
    package var minor: Int

    package init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// The first schema: issues without severity; warnings are not sent at all.
    package static let v0 = EventStreamVersion(0)
    /// Adds issue severity (warnings) and `isFailure`.
    package static let v63 = EventStreamVersion(6, 3)
    /// Adds tags, bugs and time limits to test records.
    package static let v64 = EventStreamVersion(6, 4)

    /// The versions Telltale reads, newest first: the order in which a binary is asked.
    package static let known: [EventStreamVersion] = [.v64, .v63, .v0]

    package var description: String { major == 0 ? "0" : "\(major).\(minor)" }

    package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    /// Issues say whether they fail their test, and warnings are sent.
    package var carriesSeverity: Bool { self >= .v63 }
    /// Test records carry `tags`, `bugs` and `timeLimit` as stable fields.
    package var carriesTraits: Bool { self >= .v64 }

    /// The arguments that ask a Swift Testing process for this version.
    package var arguments: [String] { ["--event-stream-version", description] }

    /// From 6.3, fields still marked experimental (a case's arguments, skip comments, tags
    /// before 6.4, attachment names) are written only when this variable is set.
    package var environment: [String: String] {
        self >= .v63 ? ["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED": "1"] : [:]
    }

    /// Whether a failed run's output says the binary does not speak the version asked for
    /// (`Event stream version 6.4 is experimental…`, or an invalid `--event-stream-version`).
    static func isRejection(_ lines: [String]) -> Bool {
        lines.contains { line in
            let lower = line.lowercased()
            return lower.contains("event stream version") || lower.contains("event-stream-version")
        }
    }
}
