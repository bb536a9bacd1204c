import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator
@testable import TelltaleReports

/// Where diff coverage compares from, and shards' coverage merged by `telltale merge`.
@Suite(.tags(.small))
struct RunCoverageTests {
    @Test func theBaseIsTheOptionsThenTheCIs() {
        func base(_ options: RunOptions, _ environment: [String: String] = [:]) -> String? {
            guard let choice = RunCoverage.baseChoice(options: options, environment: environment) else { return nil }
            switch choice.base {
            case .named(let name): return "\(name) from \(choice.option ?? "CI")"
            case .upstream: return "upstream from \(choice.option ?? "CI")"
            }
        }
        var options = RunOptions()
        #expect(base(options) == nil)
        #expect(base(options, ["GITHUB_BASE_REF": "main"]) == "origin/main from CI")
        #expect(base(options, ["GITHUB_BASE_REF": "main", "CI_MERGE_REQUEST_DIFF_BASE_SHA": "abc123"]) == "abc123 from CI")
        options.changed = .upstream
        #expect(base(options, ["GITHUB_BASE_REF": "main"]) == "upstream from --changed")
        options.coverageBase = "release/1.0"
        #expect(base(options, ["GITHUB_BASE_REF": "main"]) == "release/1.0 from --coverage-base")
    }

    @Test(.tags(.medium)) func shardsCoverageDataMergesIntoTheRecord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-merge-cov-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func shard(_ name: String, _ counts: [Int]) throws -> String {
            let path = "\(folder)/\(name)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let json = """
                {"files":[{"branches":[],"functions":[],"lines":[\(counts.enumerated().map { "[\($0.offset + 1),\($0.element)]" }.joined(separator: ","))],\
                "path":"Sources/A/A.swift","target":"A"}],"root":"/repo","schemaVersion":1,"thresholds":{"minimum":60}}
                """
            try Data(json.utf8).write(to: URL(fileURLWithPath: "\(path)/coverage.json"))
            return path
        }
        let first = try shard("1", [1, 0, 0, 0])
        let second = try shard("2", [0, 0, 3, 0])
        var record = RunRecord(
            tool: ToolInfo(version: "1"), plan: PlanSummary(name: "p", path: nil, package: "."),
            environment: RunEnvironment(host: "h", operatingSystem: "o"), startedAt: Date(), duration: 1, tests: [])
        let out = ReportDirectory(path: "\(folder)/merged")
        try ShardMerge.mergeCoverage(from: [first, second, "\(folder)/none"], into: out, record: &record)
        #expect(record.coverage?.lines == CoverageCount(covered: 2, total: 4))
        #expect(record.coverage?.gateFailures.map(\.figure) == [.total], "50% is below the minimum of 60")
        #expect(record.failed)
        #expect(record.notes.contains { $0.contains("1 of 3 shards measured no coverage") })
        #expect(FileManager.default.fileExists(atPath: out.coverageDataPath))
    }
}
