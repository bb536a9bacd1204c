import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// Records in the shape Swift Testing 6.3 writes with `--event-stream-version 0`.
@Suite(.tags(.small))
struct SwiftTestingEventParserTests {
    static func test(_ id: String, kind: String = "function", line: Int = 5) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"\#(kind)","name":"x","sourceLocation":{"_filePath":"/src/T.swift","column":6,"fileID":"M/T.swift","line":\#(line)}},"version":0}"#
    }

    static func event(_ kind: String, _ id: String?, at time: Double, extra: String = "") -> String {
        let testID = id.map { #","testID":"\#($0)""# } ?? ""
        return
            #"{"kind":"event","payload":{"kind":"\#(kind)","instant":{"absolute":\#(time),"since1970":\#(1000 + time)},"messages":[]\#(testID)\#(extra)},"version":0}"#
    }

    static func issue(_ id: String, at time: Double, known: Bool = false, error: Bool = false, testCase: String? = nil) -> String {
        let errorField = error ? #","_error":{"description":"E()"}"# : ""
        let caseField = testCase.map { #","_testCase":{"displayName":"\#($0)","id":"c"}"# } ?? ""
        return event(
            "issueRecorded", id, at: time,
            extra: #","issue":{"isKnown":\#(known),"sourceLocation":{"_filePath":"/src/T.swift","line":9,"column":3}\#(errorField)}\#(caseField)"#
        )
        .replacingOccurrences(of: #""messages":[]"#, with: #""messages":[{"symbol":"fail","text":"Expectation failed: 1 == 2"}]"#)
    }

    let pass = "M.S/pass()/T.swift:5:6"
    let fail = "M.S/fail()/T.swift:6:6"

    func parse(_ lines: [String], requested: [String] = ["M.S/pass()", "M.S/fail()"]) -> SwiftTestingEventParser {
        var parser = SwiftTestingEventParser(requested: requested.map(TestID.init))
        for line in lines { _ = parser.consume(jsonLine: line[...]) }
        return parser
    }

    @Test func passAndFailWithDurationsFromInstants() throws {
        let parser = parse([
            Self.test(pass), Self.test(fail, line: 6),
            Self.event("runStarted", nil, at: 0),
            Self.event("testStarted", pass, at: 1), Self.event("testStarted", fail, at: 1.5),
            Self.issue(fail, at: 1.6),
            Self.event("testEnded", pass, at: 1.25), Self.event("testEnded", fail, at: 2),
            Self.event("runEnded", nil, at: 3),
        ])
        #expect(parser.runEnded)
        let byID = Dictionary(uniqueKeysWithValues: parser.finished.map { ($0.id.rawValue, $0) })
        #expect(byID["M.S/pass()"]?.outcome == .passed)
        #expect(byID["M.S/pass()"]?.duration == 0.25)
        #expect(byID["M.S/pass()"]?.location == SourceLocation(file: "/src/T.swift", line: 5, column: 6))
        let failed = try #require(byID["M.S/fail()"])
        #expect(failed.outcome == .failed)
        #expect(
            failed.messages == [
                TestMessage(kind: .failure, text: "Expectation failed: 1 == 2", location: SourceLocation(file: "/src/T.swift", line: 9, column: 3))
            ])
    }

    @Test func knownIssueDoesNotFailAndThrownErrorIsAnErrorMessage() {
        let parser = parse([
            Self.test(pass), Self.test(fail),
            Self.event("testStarted", pass, at: 1), Self.issue(pass, at: 1.1, known: true), Self.event("testEnded", pass, at: 1.2),
            Self.event("testStarted", fail, at: 1), Self.issue(fail, at: 1.1, error: true), Self.event("testEnded", fail, at: 1.2),
        ])
        #expect(parser.finished.map(\.outcome) == [.passed, .failed])
        #expect(parser.finished[0].messages.map(\.kind) == [.knownIssue])
        #expect(parser.finished[1].messages.map(\.kind) == [.error])
    }

    @Test func parameterizedCasesAreCountedAndIssuesNameTheirCase() {
        let firstCase = #","_testCase":{"displayName":"1","id":"c1"}"#
        let caseExtra = #","_testCase":{"displayName":"2","id":"c2"}"#
        let parser = parse([
            Self.test(fail),
            Self.event("testStarted", fail, at: 1),
            Self.event("testCaseStarted", fail, at: 1, extra: firstCase), Self.event("testCaseStarted", fail, at: 1, extra: caseExtra),
            Self.issue(fail, at: 1.1, testCase: "2"),
            Self.event("testEnded", fail, at: 1.2),
        ])
        #expect(parser.finished.first?.caseCount == 2)
        #expect(parser.finished.first?.messages.first?.testCase == "2")
    }

    @Test func skippedSuiteSkipsEveryRequestedTestBeneathIt() {
        let parser = parse(
            [Self.test("M.S", kind: "suite"), Self.event("testSkipped", "M.S", at: 1, extra: #","_comments":["switched off"]"#)],
            requested: ["M.S/pass()", "M.S/fail()", "M.Other/x()"]
        )
        #expect(parser.finished.map(\.id.rawValue).sorted() == ["M.S/fail()", "M.S/pass()"])
        #expect(parser.finished.allSatisfy { $0.outcome == .skipped && $0.primaryMessage?.text == "switched off" })
    }

    @Test func testsRunningAtExitCrashedWithTheProcess() throws {
        var parser = parse([Self.test(pass), Self.event("testStarted", pass, at: 1)])
        #expect(parser.inFlight == [TestID("M.S/pass()")])
        #expect(!parser.runEnded)
        let crashed = parser.finish(exit: .signaled(6), output: ["about to abort"], blamed: [TestID("M.S/pass()")])
        let result = try #require(crashed.first)
        #expect(result.outcome == .error)
        #expect(result.messages.last?.text.contains("signal 6 (SIGABRT)") == true)
        #expect(result.messages.last?.text.contains("about to abort") == true)
    }

    @Test func listedIDDropsTheSourceLocationUnlessItWasListedWithIt() {
        let parser = SwiftTestingEventParser(requested: [TestID("M.S/same()/T.swift:5:6")])
        #expect(parser.listedID("M.S/f(x:)/T.swift:5:6") == TestID("M.S/f(x:)"))
        #expect(parser.listedID("M.free()/T.swift:30:2") == TestID("M.free()"))
        #expect(parser.listedID("M.S") == TestID("M.S"))
        #expect(parser.listedID("M.S/same()/T.swift:5:6") == TestID("M.S/same()/T.swift:5:6"))
        #expect(parser.listedID("M.S/same()/T.swift:9:6") == TestID("M.S/same()"))
    }

    @Test func sameNamedTestsListedWithTheirLocationsAreReportedApart() throws {
        let first = "A.S/same()/S.swift:16:6"
        let second = "A.S/same()/S.swift:30:6"
        let parser = parse(
            [
                Self.test(first, line: 16), Self.test(second, line: 30),
                Self.event("testStarted", first, at: 1), Self.event("testStarted", second, at: 1),
                Self.issue(second, at: 1.1),
                Self.event("testEnded", first, at: 1.2), Self.event("testEnded", second, at: 1.3),
            ], requested: [first, second])
        let byID = Dictionary(uniqueKeysWithValues: parser.finished.map { ($0.id.rawValue, $0) })
        #expect(byID[first]?.outcome == .passed)
        #expect(byID[second]?.outcome == .failed)
        #expect(byID[second]?.location?.line == 30)
    }

    @Test func versionSixThreeSpellingsDecodeToo() {
        var parser = SwiftTestingEventParser(requested: [TestID("M.S/pass()")])
        _ = parser.consume(jsonLine: Self.test(pass)[...])
        let skipped = #"{"kind":"event","payload":{"kind":"testSkipped","testID":"\#(pass)","comments":["later"],"messages":[]},"version":"6.3.0"}"#
        #expect(parser.consume(jsonLine: skipped[...]).first?.primaryMessage?.text == "later")
    }

    @Test func garbageLinesAreIgnored() {
        var parser = SwiftTestingEventParser(requested: [])
        #expect(parser.consume(jsonLine: "not json"[...]).isEmpty)
        #expect(parser.consume(jsonLine: "{}"[...]).isEmpty)
    }
}
