import Foundation
import TelltaleImport
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// An imported run through the report writers a `telltale run` record goes through.
@Suite(.tags(.medium))
struct XCResultReportsTests {
    static let context = ReportContext(generatedAt: Date(timeIntervalSince1970: 1_740_000_000), toolVersion: "test", sourceRoot: "/work")

    @Test(arguments: Recording.allCases)
    func junitValidatesAgainstTheSchema(_ recording: Recording) async throws {
        let xml = JUnitWriter().write(try await recording.record(), context: Self.context)
        let result = try await XMLLint.validate(xml)
        #expect(result.status == 0, "xmllint: \(result.output)")
    }

    @Test func harbormasterUnitsCarryTheFailuresFileAndLine() async throws {
        let record = try await Recording.mixedSingleDevice.record()
        let units = HarbormasterWriter().message(record, context: Self.context).unit
        let unit = try #require(units.first { $0.name.contains("testRemovingLastItem") })
        #expect(unit.result == "fail")
        #expect(unit.path == "CartTests.swift")
        #expect(unit.details?.contains("CartTests.swift:42") == true, "\(unit.details ?? "")")
    }

    @Test func githubAnnotationsCarryTheFailuresFileAndLine() async throws {
        let record = try await Recording.mixedSingleDevice.record()
        let annotations = GitHubAnnotationWriter().write(record, context: Self.context)
        #expect(annotations.contains("::error file=CartTests.swift,line=42,"))
        #expect(annotations.contains("file=PriceFormatterTests.swift,line=33"))
    }
}
