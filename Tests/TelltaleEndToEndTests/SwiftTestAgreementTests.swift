import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Telltale must agree with `swift test` itself, test by test.
///
/// `swift test`'s verdicts are read independently of Telltale's parsers: XCTest's
/// from its console with one regular expression, Swift Testing's from the xUnit
/// file SwiftPM writes. Set TELLTALE_COMPARE_PACKAGE=/path/to/package to run the
/// same comparison on any other package.
@Suite(.tags(.large))
struct SwiftTestAgreementTests {
    @Test func mixedFixtureAgreesWithSwiftTest() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "MixedFixture")
        let record = try #require(run.record)
        let swiftTest = try await FixtureRuns.shared.withBuilt(fixture: "MixedFixture") {
            try await SwiftTestVerdicts.collect(packagePath: FixtureRuns.package("MixedFixture"))
        }
        #expect(SwiftTestVerdicts.telltaleVerdicts(record) == swiftTest)
        #expect(swiftTest.values.joined().count == 16)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["TELLTALE_COMPARE_PACKAGE"] != nil))
    func anotherPackageAgreesWithSwiftTest() async throws {
        let package = try #require(ProcessInfo.processInfo.environment["TELLTALE_COMPARE_PACKAGE"])
        let reports = try TelltaleProcess.temporaryDirectory("compare")
        let run = try await TelltaleProcess.run(["run", "--package", package, "--report-dir", reports])
        #expect(run.status == 0 || run.status == 1, "stderr: \(run.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let swiftTest = try await SwiftTestVerdicts.collect(packagePath: package)
        let telltale = SwiftTestVerdicts.telltaleVerdicts(record)
        #expect(telltale == swiftTest)
        let failures = telltale.values.joined().count { $0 == "failed" }
        print("compared \(package): \(telltale.values.joined().count) tests, \(failures) failed, agreement: \(telltale == swiftTest)")
    }
}

/// `swift test`'s own per-test verdicts (`passed`, `failed`, `skipped`), keyed `Suite.Name/test`.
///
/// Each key holds a sorted list: neither XCTest's console (module-less class names) nor
/// Swift Testing's xUnit file (no source locations) tells two same-named tests apart,
/// so both sides are compared as the multiset of verdicts each name got.
enum SwiftTestVerdicts {
    static func collect(packagePath: String, extraArguments: [String] = []) async throws -> [String: [String]] {
        let xunit = try TelltaleProcess.temporaryDirectory("xunit") + "/results.xml"
        let swift = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
                .first(where: FileManager.default.isExecutableFile(atPath:))
        )
        let result = try await TelltaleProcess.runProcess(
            swift, ["test", "--package-path", packagePath, "--skip-build", "--xunit-output", xunit] + extraArguments, in: packagePath
        )
        var verdicts: [String: [String]] = [:]
        // XCTest prints `Test Case 'Class.method' passed (0.001 seconds)`; the class is module-less on Linux.
        let xctestLine = try Regex(#"^Test Case '([^']+)\.([^'.]+)' (passed|failed|skipped) \("#)
        for line in (result.stdout + "\n" + result.stderr).split(separator: "\n") {
            if let match = String(line).firstMatch(of: xctestLine),
                let className = match.output[1].substring, let method = match.output[2].substring,
                let verdict = match.output[3].substring
            {
                verdicts["\(className)/\(method)", default: []].append(String(verdict))
            }
        }
        let swiftTestingXML = xunit.replacingOccurrences(of: ".xml", with: "-swift-testing.xml")
        if FileManager.default.fileExists(atPath: swiftTestingXML) {
            for (key, verdict) in try JUnitTotals.outcomeList(path: swiftTestingXML) {
                verdicts[key, default: []].append(verdict == "failure" ? "failed" : verdict)
            }
        }
        return verdicts.mapValues { $0.sorted() }
    }

    /// Telltale's verdicts in the same keys: XCTest by `Class/method`, Swift Testing by `Suite.Path/name`.
    static func telltaleVerdicts(_ record: RunRecord) -> [String: [String]] {
        var verdicts: [String: [String]] = [:]
        for test in record.tests {
            let key =
                test.framework == .xctest
                ? "\(test.id.components.dropLast().joined(separator: "."))/\(test.id.name)"
                : "\(test.id.suiteName)/\(test.id.name)"
            let verdict =
                switch test.outcome {
                case .passed: "passed"
                case .failed, .error: "failed"
                case .skipped: "skipped"
                }
            verdicts[key, default: []].append(verdict)
        }
        return verdicts.mapValues { $0.sorted() }
    }
}
