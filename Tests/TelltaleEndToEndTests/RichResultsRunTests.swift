import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `Tests/Fixtures/RichResultsFixture`: everything Swift Testing says beyond pass or fail
/// reaches run.json and JUnit, and `swift test` gives the same verdicts.
@Suite(.tags(.large))
struct RichResultsRunTests {
    static let fixture = "RichResultsFixture"
    /// The suite whose test blocks its thread: only the time-limit test (and the launchers'
    /// agreement, whose direct run it shares) runs it.
    static let withoutHang = ["--skip", "TimeLimitTests"]

    func run(_ arguments: [String] = withoutHang) async throws -> (run: FixtureRuns.Run, record: RunRecord) {
        let run = try await FixtureRuns.shared.run(fixture: Self.fixture, extraArguments: arguments)
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        return (run, record)
    }

    func result(_ record: RunRecord, _ name: String) throws -> TestResult {
        try #require(record.tests.first { $0.id.rawValue.hasPrefix("RichResultsFixtureTests.\(name)") }, "no \(name)")
    }

    @Test func warningsKnownIssuesAndCancellationKeepTheirMeaning() async throws {
        let (run, record) = try await run()
        #expect(run.process.status == 1, "only the parameterized case fails: \(run.process.stderr)")
        let warning = try result(record, "IssueTests/recordsAWarning()")
        #expect(warning.outcome == .passed)
        #expect(warning.messages.map(\.kind) == [.warning])
        #expect(warning.messages.first?.location?.line == 32)
        let known = try result(record, "IssueTests/hasAKnownIssue()")
        #expect(known.outcome == .passed)
        #expect(known.messages.map(\.kind) == [.knownIssue])
        let cancelled = try result(record, "IssueTests/cancelsItself()")
        #expect(cancelled.outcome == .skipped)
        #expect(cancelled.primaryMessage?.text == "the sandbox has no network")
        #expect(record.tests.filter(\.failsRun).map(\.id.name) == ["isSmall(_:)"])
    }

    @Test func eachArgumentCaseIsAResultOfItsOwn() async throws {
        let (run, record) = try await run()
        let parameterized = try result(record, "ParameterizedTests/isSmall(_:)")
        let cases = try #require(parameterized.cases)
        #expect(cases.map(\.name).sorted() == ["1", "2", "3"])
        #expect(Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0.outcome) }) == ["1": .passed, "2": .passed, "3": .failed])
        let failed = try #require(cases.first { $0.name == "3" })
        #expect(parameterized.messages(of: failed).first?.text.contains("3 is not small") == true)

        let junit = "\(run.reportDirectory)/junit.xml"
        let validation = try await XMLLint.validate(path: junit)
        #expect(validation.status == 0, "\(validation.output)")
        let outcomes = try JUnitTotals.outcomeList(path: junit).filter { $0.key.contains("isSmall") }
        #expect(outcomes.map(\.key).sorted() == (1...3).map { "RichResultsFixtureTests.ParameterizedTests/isSmall(_:) [\($0)]" })
        #expect(outcomes.filter { $0.outcome == "failure" }.map(\.key) == ["RichResultsFixtureTests.ParameterizedTests/isSmall(_:) [3]"])
        // A JUnit consumer counts what the file declares: 3 cases stand for the one test.
        let totals = try JUnitTotals.read(path: junit)
        #expect(totals == JUnitTotals(tests: record.tests.count + 2, failures: 1, errors: 0, skipped: 2))
        let read = try await JUnitParserTotals.read(path: junit)
        let expected = ["tests": totals.tests, "failures": totals.failures, "errors": totals.errors, "skipped": totals.skipped]
        #expect(read["root"] == expected)
        #expect(read["declared"] == expected)
        #expect(read["counted"] == expected)
    }

    @Test func attachmentsAreCopiedAndListedInGitLabsForm() async throws {
        let (run, record) = try await run()
        let test = try result(record, "AttachmentTests/attachesTextAndImage()")
        #expect(test.displayName == "Attaches a log and a screenshot")
        #expect(test.attachments.map(\.name).sorted() == ["screen.png", "session.log"])
        for attachment in test.attachments {
            let path = "\(run.reportDirectory)/\(attachment.path)"
            #expect(attachment.path.hasPrefix("attachments/RichResultsFixtureTests.AttachmentTests-attachesTextAndImage()/"))
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(size == attachment.byteCount && attachment.byteCount > 0)
        }
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: "\(run.reportDirectory)/junit.xml"))
        let testcase = try #require(
            try document.nodes(forXPath: "//testcase[@name='attachesTextAndImage()']").first as? XMLElement)
        let systemOut = testcase.elements(forName: "system-out").first?.stringValue ?? ""
        let properties = try testcase.nodes(forXPath: "properties/property[@name='attachment']/@value").compactMap(\.stringValue)
        for attachment in test.attachments {
            // Relative to where Telltale ran, as GitLab and Jenkins resolve it.
            let expected = "\(run.reportDirectory)/\(attachment.path)"
            #expect(systemOut.contains("[[ATTACHMENT|\(expected)]]"), "\(systemOut)")
            #expect(properties.contains(expected))
        }
    }

    @Test func tagsBugsAndDisplayNamesReachTheRecord() async throws {
        let (_, record) = try await run()
        #expect(try result(record, "NetworkTests/fetchesProfile()").tags == ["network"])
        #expect(try result(record, "NetworkTests/uploadsAvatar()").tags.sorted() == ["network", "slow"])
        let bug = try result(record, "IssueTests/tracksABug()").bugs
        #expect(bug == [TestBug(url: "https://example.com/issues/42", title: "Totals are off by one")])
    }

    /// `index.html` opened from `file://` in headless Chromium: the PNG inline, the text
    /// attachment as text, the warning, the tag filter and the bug link.
    @Test func theHTMLReportShowsEverythingFromAFileURL() async throws {
        let (run, _) = try await run()
        let page = URL(fileURLWithPath: "\(run.reportDirectory)/index.html")
        func dom(_ hash: String) async throws -> String {
            let url = try #require(URL(string: page.absoluteString + hash))
            return try await Chromium.dumpDOM(url).stdout
        }
        func opened(_ id: String) -> String {
            "#test=" + id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        }

        let attachments = try await dom(opened("RichResultsFixtureTests.AttachmentTests/attachesTextAndImage()"))
        #expect(attachments.contains(#"class="display-name">Attaches a log and a screenshot<"#))
        #expect(attachments.contains(#"<img class="attachment-image" alt="screen.png" src="data:image/png;base64,iVBORw0KGgo"#))
        // The log is text: its markup stays characters.
        #expect(attachments.contains("line one\nline two &lt;b&gt;not bold&lt;/b&gt;"), "\(attachments)")
        #expect(!attachments.contains("<b>not bold</b>"))
        #expect(attachments.contains(#"class="attachment-link mono" href="attachments/"#))

        let warning = try await dom(opened("RichResultsFixtureTests.IssueTests/recordsAWarning()"))
        #expect(warning.contains(#"<div class="message warning">"#))
        #expect(warning.contains("the cache was cold"))
        #expect(warning.contains(#"<span class="htag warn" title="1 warning (they do not fail the test)">"#))
        #expect(warning.contains(#"<span class="htag cases failed">3 cases, 1 failed</span>"#))
        #expect(warning.contains(#"<select class="tag-filter" id="tag-filter""#))
        #expect(warning.contains(#"<option value="network">network (2)</option>"#))

        let bug = try await dom(opened("RichResultsFixtureTests.IssueTests/tracksABug()"))
        #expect(
            bug.contains(
                #"<a class="bug-link" href="https://example.com/issues/42" target="_blank" rel="noopener noreferrer">Totals are off by one</a>"#))

        let filtered = try await dom("#tag=network")
        #expect(filtered.contains(#"<div class="shown" id="shown">2 of "#), "\(filtered)")

        // For people: the attachments test opened, in Reports/screenshots (which git ignores).
        let screenshots = "\(TelltaleProcess.repositoryRoot)/Reports/screenshots"
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        let attachmentsPage = try #require(
            URL(string: page.absoluteString + opened("RichResultsFixtureTests.AttachmentTests/attachesTextAndImage()")))
        try await Chromium.screenshot(attachmentsPage, to: "\(screenshots)/html-report-rich-results.png", height: 1200)
    }

    @Test func tagsSelectExactlyTheTaggedTests() async throws {
        let (_, tagged) = try await run(["--tag", "network"])
        #expect(tagged.tests.map(\.id.name).sorted() == ["fetchesProfile()", "uploadsAvatar()"])
        let (_, skipped) = try await run(Self.withoutHang + ["--skip-tag", ".slow", "--skip-tag", "network"])
        #expect(!skipped.tests.contains { !$0.tags.isEmpty })
        #expect(skipped.tests.count == 10 - 2)

        let reports = try TelltaleProcess.temporaryDirectory("tag-plan")
        let planned = try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            try await TelltaleProcess.run([
                "run", "\(ExitStatusTests.fixtures)/tagsSelectExactlyTheTaggedTests.yml", "--report-dir", reports, "--skip-build",
            ])
        }
        #expect(planned.status == 0, "stderr: \(planned.stderr)")
        #expect(planned.stdout.contains("1 passed, 0 failed, 0 skipped"), "\(planned.stdout)")
    }

    /// One difference is by design: Swift Testing's xUnit file writes a cancelled test with
    /// no `<skipped>` (its console says "was cancelled"); Telltale reports it skipped.
    @Test func verdictsAgreeWithSwiftTest() async throws {
        let (_, record) = try await run()
        var swiftTest = try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            try await SwiftTestVerdicts.collect(packagePath: FixtureRuns.package(Self.fixture), extraArguments: Self.withoutHang)
        }
        let cancelled = "RichResultsFixtureTests.IssueTests/cancelsItself()"
        #expect(swiftTest[cancelled] == ["passed"])
        swiftTest[cancelled] = ["skipped"]
        #expect(SwiftTestVerdicts.telltaleVerdicts(record) == swiftTest)
        #expect(swiftTest.values.joined().count == 10)
    }

    @Test func mergeKeepsEachShardsAttachments() async throws {
        let (first, _) = try await run(Self.withoutHang + ["--shard", "1/2"])
        let (second, _) = try await run(Self.withoutHang + ["--shard", "2/2"])
        let out = try TelltaleProcess.temporaryDirectory("merged") + "/merged"
        let merge = try await TelltaleProcess.run(["merge", first.reportDirectory, second.reportDirectory, "--out", out])
        #expect(merge.status == 1, "the parameterized case fails: \(merge.stderr)")
        let merged = try RunRecordFile.read(path: "\(out)/run.json")
        #expect(merged.tests.count == 10)
        let attachments = merged.tests.flatMap(\.attachments)
        #expect(attachments.count == 2)
        for attachment in attachments {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(attachment.path)"), "\(attachment.path) was not copied")
        }
        #expect(merged.notes.allSatisfy { !$0.contains("could not be copied") }, "\(merged.notes)")
    }

    /// `hangs()` blocks its thread under a 1-minute `.timeLimit` (the shortest Swift Testing
    /// allows): Swift Testing records the overrun but cannot end it, so Telltale kills it,
    /// well before the plan's default timeout.
    @Test func aTestsOwnTimeLimitStopsItWhenItCannotStopItself() async throws {
        // The whole fixture, as the launchers' agreement runs it: the hang costs a minute once.
        let (run, record) = try await run(LauncherAgreementTests.direct)
        #expect(run.process.status == 1)
        let hung = try result(record, "TimeLimitTests/hangs()")
        #expect(hung.outcome == .error)
        #expect(hung.messages.contains { $0.text.contains("overstayed its .timeLimit of 1m") }, "\(hung.messages)")
        #expect(hung.duration < 120)
    }
}
