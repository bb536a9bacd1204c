import Foundation
import TelltaleTestSupport
import Testing

@testable import TelltaleImport

/// Any tool's JUnit XML read back (`--timings`, `telltale history import`).
@Suite(.tags(.small))
struct JUnitReaderTests {
    /// JUnit's schema has whole seconds and no zone; other tools write fractions and zones.
    @Test func junitTimestampsAreReadWithOrWithoutFractionsAndZones() throws {
        let start = Date(timeIntervalSince1970: 1_795_238_400)
        for (timestamp, expected) in [
            ("2026-11-21T05:20:00", start), ("2026-11-21T05:20:00.125", start.addingTimeInterval(0.125)),
            ("2026-11-21T06:20:00.5+01:00", start.addingTimeInterval(0.5)), ("2026-11-21T05:20:00Z", start),
        ] {
            let xml =
                #"<testsuites><testsuite name="S" timestamp="\#(timestamp)"><testcase classname="App.S" name="t" time="1"/></testsuite></testsuites>"#
            #expect(try JUnitReader.read(Data(xml.utf8)).startedAt == expected, "\(timestamp)")
        }
    }
}
