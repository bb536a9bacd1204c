import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parameterized cases, warnings, known issues, attachments, tags and bugs in JUnit,
/// summary.md and GitHub annotations.
enum RichRecord {
    static let start = Date(timeIntervalSince1970: 1_795_238_400)
    static let file = "/repo/Tests/RichTests/RichTests.swift"

    static let parameterized = TestResult(
        id: TestID("RichTests.Cases/isSmall(_:)"), framework: .swiftTesting, outcome: .failed, duration: 0.3, startedAt: start,
        messages: [
            TestMessage(kind: .failure, text: "Expectation failed: (value → 3) < 3", location: SourceLocation(file: file, line: 26), testCase: "3"),
            TestMessage(kind: .warning, text: "slow case", location: SourceLocation(file: file, line: 27), testCase: "2"),
        ],
        output: "checked three values",
        caseCount: 3,
        attachments: [TestAttachment(name: "three.txt", path: "attachments/RichTests.Cases-isSmall(_-)/three.txt", byteCount: 5, testCase: "3")],
        cases: [
            TestCaseResult(name: "1", outcome: .passed, duration: 0.1), TestCaseResult(name: "2", outcome: .passed, duration: 0.1),
            TestCaseResult(name: "3", outcome: .failed, duration: 0.1),
        ]
    )

    static let warning = TestResult(
        id: TestID("RichTests.Issues/recordsAWarning()"), framework: .swiftTesting, outcome: .passed, duration: 0.01, startedAt: start,
        messages: [TestMessage(kind: .warning, text: "the cache was cold", location: SourceLocation(file: file, line: 32))],
        displayName: "Records a <warning>",
        tags: ["network", "slow"],
        bugs: [TestBug(url: "https://example.com/issues/42", title: "Totals are off | by one"), TestBug(url: "javascript:alert(1)", id: "7")],
        attachments: [
            TestAttachment(name: "screen.png", path: "attachments/RichTests.Issues-recordsAWarning()/screen.png", byteCount: 68)
        ]
    )

    static let known = TestResult(
        id: TestID("RichTests.Issues/hasAKnownIssue()"), framework: .swiftTesting, outcome: .passed, startedAt: start,
        messages: [TestMessage(kind: .knownIssue, text: "Expectation failed: 1 + 1 == 3", location: SourceLocation(file: file, line: 37))]
    )

    static let record = RunRecord(
        tool: ToolInfo(version: "9.9.9"),
        plan: PlanSummary(name: "rich", path: "Plans/rich.yml", package: "Rich"),
        environment: RunEnvironment(host: "ci-host", operatingSystem: "Linux"),
        startedAt: start, duration: 1, tests: [parameterized, warning, known]
    )

    static let context = ReportContext(
        generatedAt: start, toolVersion: "9.9.9", sourceRoot: "/repo", reportDirectory: "/repo/Reports"
    )
}

@Suite(.tags(.medium))
struct RichResultsJUnitTests {
    let xml = JUnitWriter().write(RichRecord.record, context: RichRecord.context)

    func document() throws -> XMLDocument { try XMLDocument(data: xml) }

    func testcase(_ name: String) throws -> XMLElement {
        try #require(try document().nodes(forXPath: "//testcase[@name='\(name)']").first as? XMLElement, "no testcase \(name)")
    }

    @Test func eachCaseIsATestcaseAndTheFileValidates() async throws {
        let validation = try await XMLLint.validate(xml)
        #expect(validation.status == 0, "\(validation.output)")
        let names = try document().nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names.filter { $0.hasPrefix("isSmall") } == ["isSmall(_:) [1]", "isSmall(_:) [2]", "isSmall(_:) [3]"])
        #expect(try testcase("isSmall(_:) [3]").elements(forName: "failure").first?.stringValue?.contains("(value → 3) < 3") == true)
        #expect(try testcase("isSmall(_:) [1]").elements(forName: "failure").isEmpty)
        // The test's output goes with its first case; the others stay short.
        #expect(try testcase("isSmall(_:) [1]").elements(forName: "system-out").first?.stringValue?.contains("checked three values") == true)
        let root = try #require(try document().rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "5")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
    }

    @Test func warningsKnownIssuesAndAttachmentsAreInSystemOut() throws {
        let warning = try testcase("recordsAWarning()")
        #expect(warning.elements(forName: "failure").isEmpty)
        let out = try #require(warning.elements(forName: "system-out").first?.stringValue)
        #expect(out.contains("warning: Tests/RichTests/RichTests.swift:32: the cache was cold"))
        #expect(out.contains("[[ATTACHMENT|Reports/attachments/RichTests.Issues-recordsAWarning()/screen.png]]"))
        let properties = try warning.nodes(forXPath: "properties/property").compactMap { $0 as? XMLElement }.map {
            "\($0.attribute(forName: "name")?.stringValue ?? "")=\($0.attribute(forName: "value")?.stringValue ?? "")"
        }
        #expect(
            properties == [
                "tag=network", "tag=slow", "attachment=Reports/attachments/RichTests.Issues-recordsAWarning()/screen.png",
            ])
        #expect(try testcase("hasAKnownIssue()").elements(forName: "system-out").first?.stringValue?.hasPrefix("known issue: ") == true)
        // A case's attachment and warning stay with that case.
        #expect(try testcase("isSmall(_:) [3]").elements(forName: "system-out").first?.stringValue?.contains("three.txt") == true)
        #expect(try testcase("isSmall(_:) [2]").elements(forName: "system-out").first?.stringValue?.contains("slow case") == true)
    }

    @Test func failuresOutsideAnyCaseKeepATestcaseOfTheirOwn() throws {
        var crashed = RichRecord.parameterized
        crashed.outcome = .error
        crashed.messages.append(TestMessage(kind: .error, text: "the test process crashed"))
        let record = RunRecord(
            tool: ToolInfo(version: "1"), plan: PlanSummary(name: "p", path: nil, package: "P"),
            environment: RunEnvironment(host: "h", operatingSystem: "Linux"), startedAt: RichRecord.start, duration: 1, tests: [crashed])
        let document = try XMLDocument(data: JUnitWriter().write(record, context: RichRecord.context))
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names.first == "isSmall(_:)")
        #expect(names.count == 4)
        #expect(try document.rootElement()?.attribute(forName: "errors")?.stringValue == "1")
    }
}

@Suite(.tags(.small))
struct RichResultsSummaryTests {
    let summary = MarkdownSummaryWriter().write(RichRecord.record, context: RichRecord.context)

    @Test func warningsAndKnownIssuesHaveTheirSection() {
        #expect(summary.contains("### Warnings and known issues (3)"))
        #expect(summary.contains("| ⚠️ warning | `Tests/RichTests/RichTests.swift:32` | the cache was cold"))
        #expect(summary.contains("| known issue | `Tests/RichTests/RichTests.swift:37` |"))
        #expect(summary.contains("_\\[2\\]_ slow case"))
    }

    @Test func bugsAreLinkedOnlyWhenTheirURLIsWeb() {
        #expect(summary.contains("[Totals are off \\| by one](https://example.com/issues/42)"))
        #expect(!summary.contains("javascript:"))
        #expect(summary.contains("\\#7"))
    }

    @Test func displayNamesStandBesideIds() {
        #expect(summary.contains("`RichTests.Issues/recordsAWarning()` “Records a &lt;warning&gt;”"))
    }

    @Test func failingParameterizedTestsNameTheirFailedCases() {
        #expect(summary.contains("_(1 of 3 cases failed: 3)_"))
    }
}

@Suite(.tags(.small))
struct RichResultsAnnotationTests {
    @Test func aRecordedWarningIsAWarningAnnotationAtItsLine() {
        let lines = GitHubAnnotationWriter().write(RichRecord.record, context: RichRecord.context).split(separator: "\n")
        let warnings = lines.filter { $0.hasPrefix("::warning ") }
        #expect(
            warnings.contains(
                "::warning file=Tests/RichTests/RichTests.swift,line=32,title=warning in RichTests.Issues/recordsAWarning()::the cache was cold"
            ))
        #expect(warnings.contains { $0.contains("line=27") && $0.contains("[arguments: 2] slow case") })
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 1)
    }
}

@Suite(.tags(.small))
struct RichResultsHTMLTests {
    /// The test entries of the page's data, by id.
    static func entries(_ writer: HTMLReportWriter) throws -> [String: [String: Any]] {
        let bytes = Data(writer.payload(RichRecord.record, context: RichRecord.context))
        let payload = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let tests = try #require(payload["tests"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: tests.map { ($0["id"] as! String, $0) })
    }

    @Test func namesTagsBugsAndCasesAreInThePagesData() throws {
        let tests = try Self.entries(HTMLReportWriter())
        let warning = try #require(tests["RichTests.Issues/recordsAWarning()"])
        #expect(warning["dn"] as? String == "Records a <warning>")
        #expect(warning["tg"] as? [String] == ["network", "slow"])
        #expect(warning["w"] as? Int == 1)
        let bugs = try #require(warning["bg"] as? [[String: String]])
        #expect(bugs == [["l": "Totals are off | by one", "u": "https://example.com/issues/42"], ["l": "#7"]], "no link for javascript:")
        let cases = try #require(tests["RichTests.Cases/isSmall(_:)"]?["cs"] as? [[String: Any]])
        #expect(cases.map { $0["n"] as? String } == ["1", "2", "3"])
        #expect(cases.map { $0["o"] as? String } == ["passed", "passed", "failed"])
    }

    @Test func attachmentsInTheReportFolderAreInlinedAndMissingOnesSaySo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-html-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = RichRecord.warning.attachments[0]
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: "\(folder)/\(image.path)").deletingLastPathComponent().path, withIntermediateDirectories: true)
        let pixels = Data(repeating: 7, count: image.byteCount)
        try pixels.write(to: URL(fileURLWithPath: "\(folder)/\(image.path)"))

        let tests = try Self.entries(HTMLReportWriter(attachmentsRoot: folder))
        let shown = try #require(tests["RichTests.Issues/recordsAWarning()"]?["at"] as? [[String: Any]])
        #expect(shown.first?["img"] as? String == "data:image/png;base64," + pixels.base64EncodedString())
        // three.txt was never written into the folder.
        let missing = try #require(tests["RichTests.Cases/isSmall(_:)"]?["at"] as? [[String: Any]])
        #expect(missing.first?["txt"] == nil)
        #expect(missing.first?["note"] as? String == "not found in the report folder")
        #expect(missing.first?["c"] as? String == "3")

        // Without a folder, everything is a link.
        let linked = try Self.entries(HTMLReportWriter())["RichTests.Issues/recordsAWarning()"]?["at"] as? [[String: Any]]
        #expect(linked?.first?["img"] == nil && linked?.first?["p"] as? String == image.path)
    }

    @Test func aRecordWithoutRichResultsGetsThePageItHadBefore() {
        var record = RichRecord.record
        var test = RichRecord.known
        test.messages = []
        record.tests = [test]
        let plain = String(decoding: HTMLReportWriter().write(record, context: RichRecord.context), as: UTF8.self)
        #expect(!plain.contains("tag-filter") && !plain.contains(".message.warning"))
        let rich = String(decoding: HTMLReportWriter().write(RichRecord.record, context: RichRecord.context), as: UTF8.self)
        #expect(rich.contains("tag-filter") && rich.contains(".message.warning"))
    }
}
