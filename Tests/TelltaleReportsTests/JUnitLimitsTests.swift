import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `JUnitWriter.files(_:context:limits:)` under small limits: documents that keep to them, a
/// suite continued under its own name, every test case once, and output left out in order.
@Suite(.tags(.small))
struct JUnitLimitsTests {
    static let start = Date(timeIntervalSince1970: 1_795_238_400)
    static let context = ReportContext(generatedAt: start, toolVersion: "test", sourceRoot: "/repo")

    static func record(_ suites: [Int], output: (Int) -> String = { _ in "" }) -> RunRecord {
        var tests: [TestResult] = []
        for (suite, count) in suites.enumerated() {
            for index in 0..<count {
                let failing = index == 1
                tests.append(
                    TestResult(
                        id: TestID("Mod.Suite\(suite)/test\(index)()"), framework: .swiftTesting, outcome: failing ? .failed : .passed,
                        duration: 0.5, startedAt: start,
                        messages: failing ? [TestMessage(kind: .failure, text: "Expectation failed")] : [],
                        output: output(tests.count)))
            }
        }
        return RunRecord(
            tool: ToolInfo(version: "test"), plan: PlanSummary(name: "limits", path: nil, package: "."),
            environment: RunEnvironment(host: "ci", operatingSystem: "Linux"), startedAt: start, duration: 9, tests: tests)
    }

    /// Each document's elements, and its test cases as GitLab keys them: suite, classname, name.
    static func read(_ document: Data) throws -> (elements: Int, keys: [String], declaredTests: Int) {
        let xml = try XMLDocument(data: document)
        let root = try #require(xml.rootElement())
        func count(_ element: XMLElement) -> Int { 1 + (element.children ?? []).compactMap { $0 as? XMLElement }.reduce(0) { $0 + count($1) } }
        var keys: [String] = []
        for suite in root.elements(forName: "testsuite") {
            for testCase in suite.elements(forName: "testcase") {
                let name = suite.attribute(forName: "name")?.stringValue ?? ""
                keys.append(
                    "\(name)|\(testCase.attribute(forName: "classname")?.stringValue ?? "")|\(testCase.attribute(forName: "name")?.stringValue ?? "")"
                )
            }
        }
        return (count(root), keys, Int(root.attribute(forName: "tests")?.stringValue ?? "") ?? -1)
    }

    @Test func aRunLargerThanAFileContinuesInMoreFilesEachUnderTheLimit() throws {
        let record = Self.record([30, 5, 12])
        let limits = JUnitLimits(maxElementsPerFile: 20, maxBytesPerFile: .max, maxBytesInAll: .max)
        let files = JUnitWriter().files(record, context: Self.context, limits: limits)
        #expect(files.documents.count == 3)
        var keys: [String] = []
        for document in files.documents {
            let read = try Self.read(document)
            #expect(read.elements <= 20)
            #expect(read.declaredTests == read.keys.count, "each root counts its own test cases")
            keys += read.keys
        }
        #expect(keys.count == 47 && Set(keys).count == 47, "every test case once")
        #expect(keys.filter { $0.hasPrefix("Mod.Suite0|") }.count == 30, "a continued suite keeps its name")
        #expect(files.notes.count == 1 && files.notes[0].contains("continue in junit-2.xml, junit-3.xml"), "\(files.notes)")
        #expect(JUnitFiles.fileName(0) == "junit.xml" && JUnitFiles.fileName(2) == "junit-3.xml")
    }

    @Test func aRunThatFitsIsOneFileWithoutNotesAndEqualsWrite() {
        let record = Self.record([3, 4])
        let files = JUnitWriter().files(record, context: Self.context)
        #expect(files.documents == [JUnitWriter().write(record, context: Self.context)] && files.notes.isEmpty)
        let empty = JUnitWriter().files(Self.record([]), context: Self.context)
        #expect(empty.documents.count == 1)
    }

    @Test func theByteLimitSplitsFilesAndATestLargerThanAFileGoesAlone() throws {
        let record = Self.record([6]) { $0 == 4 ? String(repeating: "x", count: 5000) : "line" }
        let limits = JUnitLimits(maxElementsPerFile: .max, maxBytesPerFile: 3000, maxBytesInAll: .max)
        let files = JUnitWriter().files(record, context: Self.context, limits: limits)
        let keys = try files.documents.flatMap { try Self.read($0).keys }
        #expect(keys.count == 6 && Set(keys).count == 6)
        let alone = try #require(files.documents.first { String(decoding: $0, as: UTF8.self).contains(String(repeating: "x", count: 5000)) })
        #expect(try Self.read(alone).keys == ["Mod.Suite0|Mod.Suite0|test4()"])
    }

    @Test func overTheJobsByteLimitPassingOutputGoesFirstThenFailingOutputIsCut() throws {
        let record = Self.record([4]) { "[output of \($0)]" + String(repeating: "y", count: 100_000) }
        let generous = JUnitWriter().files(record, context: Self.context, limits: .unlimited)
        #expect(generous.documents[0].count > 400_000 && generous.notes.isEmpty)

        let passingOut = JUnitWriter().files(
            record, context: Self.context, limits: JUnitLimits(maxElementsPerFile: .max, maxBytesPerFile: .max, maxBytesInAll: 200_000))
        let text = String(decoding: passingOut.documents[0], as: UTF8.self)
        #expect(text.contains("[output of 1]"), "the failing test's output stays")
        #expect(!text.contains("[output of 0]") && !text.contains("[output of 2]") && !text.contains("[output of 3]"))
        #expect(text.contains("100013 bytes of output left out"))
        #expect(passingOut.notes.count == 1 && passingOut.notes[0].contains("passing and skipped tests' output was left out"))

        let cut = JUnitWriter().files(
            record, context: Self.context, limits: JUnitLimits(maxElementsPerFile: .max, maxBytesPerFile: .max, maxBytesInAll: 90_000))
        let cutText = String(decoding: cut.documents[0], as: UTF8.self)
        #expect(cutText.contains("[output of 1]") && cutText.contains("[output cut at \(JUnitWriter.shortOutputBytes) bytes"))
        #expect(cut.documents[0].count < 90_000)
        #expect(cut.notes[0].contains("failing tests' cut at \(JUnitWriter.shortOutputBytes) bytes"))
    }

    @Test func elementsAreCountedAsGitLabCountsThem() throws {
        let xml = String(decoding: JUnitWriter().write(SampleRecord.record, context: SampleRecord.context), as: UTF8.self)
        let parsed = try Self.read(Data(xml.utf8)).elements
        #expect(JUnitWriter.elementCount(xml) == parsed)
    }
}
