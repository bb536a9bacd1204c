import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// The event stream Swift Testing 6.3.1 wrote for RichResultsFixture (`--event-stream-version
/// 6.3`, experimental fields on, `--skip TimeLimitTests`), recorded in
/// Recordings/RichResultsFixture-6.3.jsonl with backtraces dropped and paths shortened.
@Suite(.tags(.small))
struct SwiftTestingEventStreamRecordingTests {
    static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Recordings/RichResultsFixture-6.3.jsonl")

    static func lines() throws -> [Substring] {
        try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    }

    static let requested = [
        "RichResultsFixtureTests.AttachmentTests/attachesTextAndImage()", "RichResultsFixtureTests.ParameterizedTests/isSmall(_:)",
        "RichResultsFixtureTests.IssueTests/recordsAWarning()", "RichResultsFixtureTests.IssueTests/hasAKnownIssue()",
        "RichResultsFixtureTests.IssueTests/tracksABug()", "RichResultsFixtureTests.IssueTests/cancelsItself()",
        "RichResultsFixtureTests.NetworkTests/fetchesProfile()", "RichResultsFixtureTests.NetworkTests/uploadsAvatar()",
    ].map(TestID.init)

    func parsed() throws -> [String: TestResult] {
        var parser = SwiftTestingEventParser(requested: Self.requested)
        for line in try Self.lines() { _ = parser.consume(jsonLine: line) }
        #expect(parser.runEnded)
        return Dictionary(uniqueKeysWithValues: parser.finished.map { ($0.id.name, $0) })
    }

    @Test func everyRequestedTestFinishesWithSwiftTestsVerdict() throws {
        let results = try parsed()
        #expect(results.count == Self.requested.count)
        #expect(results.filter { $0.value.outcome == .failed }.keys.sorted() == ["isSmall(_:)"])
        #expect(results["cancelsItself()"]?.outcome == .skipped)
        #expect(results["cancelsItself()"]?.primaryMessage?.text == "the sandbox has no network")
    }

    @Test func aWarningIsKeptAndDoesNotFail() throws {
        let warning = try #require(try parsed()["recordsAWarning()"])
        #expect(warning.outcome == .passed)
        #expect(warning.messages.map(\.kind) == [.warning])
        #expect(
            warning.messages.first?.location
                == SourceLocation(file: "/src/Tests/RichResultsFixtureTests/RichResultsTests.swift", line: 32, column: 21))
        #expect(warning.messages.first?.text == "the cache was cold", "Issue.record's comment is the message, without \"Issue recorded\" before it")
    }

    @Test func aKnownIssueIsKnown() throws {
        let known = try #require(try parsed()["hasAKnownIssue()"])
        #expect(known.outcome == .passed)
        #expect(known.messages.map(\.kind) == [.knownIssue])
    }

    @Test func eachCaseHasItsOwnOutcomeAndDuration() throws {
        let test = try #require(try parsed()["isSmall(_:)"])
        let cases = try #require(test.cases)
        #expect(Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0.outcome) }) == ["1": .passed, "2": .passed, "3": .failed])
        #expect(cases.allSatisfy { $0.duration > 0 && $0.duration < test.duration + 0.001 })
        let failing = try #require(cases.first { $0.outcome == .failed })
        #expect(test.messages(of: failing).map(\.kind) == [.failure])
        #expect(test.caseCount == 3)
    }

    @Test func attachmentsAreNamedAsTheTestNamedThem() throws {
        let test = try #require(try parsed()["attachesTextAndImage()"])
        #expect(test.attachments.map(\.name) == ["session.log", "screen.png"])
        #expect(test.attachments.map(\.path) == ["/tmp/attachments/session.log", "/tmp/attachments/screen.png"])
    }

    @Test func unknownKindsAndFieldsAreIgnored() throws {
        var parser = SwiftTestingEventParser(requested: [TestID("M.S/a()")])
        let lines = [
            #"{"kind":"test","payload":{"id":"M.S/a()/T.swift:1:2","kind":"function","name":"a()","sourceLocation":{"filePath":"/T.swift","line":1,"column":2},"futureField":{"x":1}},"version":"6.9.0"}"#,
            #"{"kind":"somethingNew","payload":{"anything":true},"version":"6.9.0"}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/a()/T.swift:1:2","instant":{"absolute":1,"since1970":1},"messages":[]},"version":"6.9.0"}"#,
            #"{"kind":"event","payload":{"kind":"aBrandNewEvent","testID":"M.S/a()/T.swift:1:2","instant":{"absolute":1.1,"since1970":1.1},"messages":[]},"version":"6.9.0"}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()/T.swift:1:2","instant":{"absolute":1.5,"since1970":1.5},"messages":[]},"version":"6.9.0"}"#,
        ]
        for line in lines { _ = parser.consume(jsonLine: line[...]) }
        #expect(parser.finished.map(\.outcome) == [.passed])
        #expect(parser.finished.first?.duration == 0.5)
    }

    @Test func aCrashBlamesTheCasesStillRunning() throws {
        var parser = SwiftTestingEventParser(requested: [TestID("M.S/p(_:)")])
        let id = "M.S/p(_:)/T.swift:1:2"
        func event(_ kind: String, _ time: Double, testCase: String? = nil) -> String {
            let field = testCase.map { #","_testCase":{"displayName":"\#($0)","id":"case-\#($0)"}"# } ?? ""
            return
                #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)","instant":{"absolute":\#(time),"since1970":\#(time)},"messages":[]\#(field)},"version":"6.3.0"}"#
        }
        for line in [
            event("testStarted", 1), event("testCaseStarted", 1, testCase: "1"), event("testCaseEnded", 1.1, testCase: "1"),
            event("testCaseStarted", 1.2, testCase: "2"),
        ] {
            _ = parser.consume(jsonLine: line[...])
        }
        let crashed = parser.finish(exit: .signaled(11), output: [], blamed: [TestID("M.S/p(_:)")])
        let result = try #require(crashed.first)
        #expect(result.outcome == .error)
        #expect(result.cases?.map(\.outcome) == [.passed, .error])
        #expect(result.messages.map(\.testCase) == ["2"])
    }

    @Test func casesWithTheSameArgumentsGetNumberedNames() {
        #expect(SwiftTestingEventParser.uniqueName("x", taken: []) == "x")
        #expect(SwiftTestingEventParser.uniqueName("x", taken: ["x"]) == "x #2")
        #expect(SwiftTestingEventParser.uniqueName("x", taken: ["x", "x #2"]) == "x #3")
    }
}

/// A listing's `test` records give each test's traits; 6.4 spells them as stable fields.
@Suite(.tags(.small))
struct ListedTraitsTests {
    static let records = [
        #"{"kind":"test","payload":{"id":"M.Net","kind":"suite","name":"Net","tags":["network"],"bugs":[{"url":"https://b.test/1","title":{"rawValue":"Suite bug"}}],"sourceLocation":{"filePath":"/nowhere.swift","line":1,"column":2}},"version":"6.4.0"}"#,
        #"{"kind":"test","payload":{"id":"M.Net/fetches()/T.swift:5:6","kind":"function","name":"fetches()","displayName":"Fetches","tags":["slow"],"bugs":[{"id":"7"}],"timeLimit":60,"sourceLocation":{"filePath":"/nowhere.swift","line":5,"column":6}},"version":"6.4.0"}"#,
    ].joined(separator: "\n")

    @Test func aSuitesTagsAndBugsApplyToItsTests() throws {
        let listed = TestLister.withTraits(
            [ListedTest(id: TestID("M.Net/fetches()"), framework: .swiftTesting)], records: Self.records, version: .v64)
        let traits = try #require(listed.first?.traits)
        #expect(traits.displayName == "Fetches")
        #expect(traits.tags == ["network", "slow"])
        #expect(traits.bugs == [TestBug(url: "https://b.test/1", title: "Suite bug"), TestBug(id: "7")])
        #expect(traits.timeLimit == .seconds(60))
    }

    @Test func sixPointThreeTagsLoseTheirDot() throws {
        let records =
            #"{"kind":"test","payload":{"id":"M.S/a()/T.swift:1:2","kind":"function","name":"a()","_tags":[".network"],"sourceLocation":{"filePath":"/nowhere.swift","line":1,"column":2}},"version":"6.3.0"}"#
        let listed = TestLister.withTraits([ListedTest(id: TestID("M.S/a()"), framework: .swiftTesting)], records: records, version: .v63)
        #expect(listed.first?.traits.tags == ["network"])
    }
}

@Suite(.tags(.small))
struct SourceTraitReaderTests {
    @Test func literalBugsAndTimeLimitsAreRead() {
        let traits = SourceTraitReader.traits(
            inArguments:
                #""Checks out", .bug("https://example.com/1", "Off by one"), .bug(id: 12), .bug("https://x.test/2", id: "B-2", "Two"), .timeLimit(.minutes(3)), .tags(.network)"#
        )
        #expect(
            traits.bugs == [
                TestBug(url: "https://example.com/1", title: "Off by one"), TestBug(id: "12"),
                TestBug(url: "https://x.test/2", id: "B-2", title: "Two"),
            ])
        #expect(traits.timeLimit == .seconds(180))
    }

    @Test func anAttributeIsFoundAtItsRecordedLocationAcrossLines() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("traits-\(UUID().uuidString).swift")
        try """
        struct S {
            @Test(
                .bug("https://example.com/7", "Seven (with parentheses)"),
                .timeLimit(.minutes(1))
            )
            func seven() {}

            @Test func plain() {}
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var reader = SourceTraitReader()
        let seven = reader.traits(atPath: file.path, line: 2, column: 6)
        #expect(seven.bugs == [TestBug(url: "https://example.com/7", title: "Seven (with parentheses)")])
        #expect(seven.timeLimit == .seconds(60))
        #expect(reader.traits(atPath: file.path, line: 8, column: 6) == TestTraits())
        #expect(reader.traits(atPath: "/no/such/file.swift", line: 1, column: 1) == TestTraits())
    }

    @Test func computedArgumentsAreLeftOut() {
        let traits = SourceTraitReader.traits(inArguments: #".bug(url), .bug("https://a.test/\(n)"), .timeLimit(.minutes(limit))"#)
        #expect(traits.bugs.allSatisfy { $0.url == nil })
        #expect(traits.timeLimit == nil)
    }
}

@Suite(.tags(.small))
struct EventStreamVersionTests {
    @Test func versionsAreAskedNewestFirst() {
        #expect(EventStreamVersion.known == [.v64, .v63, .v0])
        #expect(EventStreamVersion.v63.arguments == ["--event-stream-version", "6.3"])
        #expect(EventStreamVersion.v0.arguments == ["--event-stream-version", "0"])
        #expect(EventStreamVersion.v63.environment["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED"] == "1")
        #expect(EventStreamVersion.v0.environment.isEmpty)
    }

    @Test func aRefusedVersionIsToldFromOtherFailures() {
        #expect(EventStreamVersion.isRejection(["Event stream version 6.4 is experimental. Use --experimental-event-stream-version to enable it."]))
        #expect(EventStreamVersion.isRejection(["Invalid value \"6.4\" for argument --event-stream-version"]))
        #expect(!EventStreamVersion.isRejection(["Fatal error: something else"]))
    }
}
