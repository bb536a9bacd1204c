import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// Every coverage percentage Telltale prints is `CoverageCount.percentText`: it must read as
/// `lcov --summary` reads the run's own `coverage.lcov`, which Coverage.md promises.
@Suite(.tags(.small))
struct CoveragePercentTests {
    /// Rounded to nearest (43/56 is 76.79%), a tie as C's `%.1f` breaks it (49/400 is 12.25%,
    /// exactly), never the top unless all ran nor zero unless none did.
    static let cases: [(covered: Int, total: Int, text: String)] = [
        (43, 56, "76.8%"), (22, 56, "39.3%"), (22, 27, "81.5%"), (1, 2, "50.0%"), (49, 400, "12.2%"), (51, 400, "12.8%"),
        (1999, 2000, "99.9%"), (19_999, 20_000, "99.9%"), (1, 2000, "0.1%"), (1, 20_000, "0.1%"), (0, 7, "0.0%"), (7, 7, "100.0%"),
        (2, 3, "66.7%"),
    ]

    @Test func percentagesRoundAsLcovDoes() {
        for (covered, total, text) in Self.cases {
            #expect(CoverageCount(covered: covered, total: total).percentText == text, "\(covered)/\(total)")
        }
        #expect(CoverageCount().percentText == "—")
        #expect(CoverageCount(covered: 43, total: 56).description == "43/56, 76.8%")
        // Cobertura's rate: the same rule on its own scale.
        #expect(CoberturaWriter.rate(CoverageCount(covered: 19_999, total: 20_000)) == "0.9999")
        #expect(CoberturaWriter.rate(CoverageCount(covered: 1, total: 200_000)) == "0.0001")
        #expect(CoberturaWriter.rate(CoverageCount(covered: 43, total: 56)) == "0.7679")
    }

    /// The real tool, on the LCOV Telltale writes: one file per case, its summary's percentage.
    @Test(.tags(.medium)) func debiansLcovPrintsTheSamePercentages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-percent-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (covered, total, _) in Self.cases {
            let lines = (1...total).map { CoverageLine(line: $0, count: $0 <= covered ? 1 : 0) }
            let data = LineCoverage(root: "/work/App", files: [CoverageFile(path: "Sources/A.swift", target: "A", lines: lines)])
            let path = "\(folder)/\(covered)-\(total).lcov"
            try LCOVWriter().write(data).write(toFile: path, atomically: true, encoding: .utf8)
            let summary = try await CoverageReaders.lcovSummary(path)
            let printed = try #require(summary.output.firstMatch(of: /lines\.*: ([0-9.]+%)/), "\(summary.output)").1
            #expect(String(printed) == CoverageCount(covered: covered, total: total).percentText, "\(covered)/\(total): \(summary.output)")
        }
    }
}
