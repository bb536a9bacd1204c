import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `Tests/Fixtures/ClientAppFixture`: an app package as a team writes it, linking only the
/// client libraries (Telltale with `traits: []`), with both frameworks. A missing event reads
/// well everywhere a reviewer looks, a plan's failure in Swift Testing reads as the plan wrote
/// it, and the app resolves no third-party package.
@Suite(.tags(.large))
struct ClientAppRunTests {
    static let fixture = "ClientAppFixture"
    static let package = "\(TelltaleProcess.repositoryRoot)/Tests/Fixtures/\(fixture)"

    static let run = Task { () throws -> (result: TelltaleProcess.Result, reports: String) in
        let reports = try TelltaleProcess.temporaryDirectory("ClientAppRunTests")
        let result = try await FixtureRuns.shared.withBuilt(fixture: fixture) {
            try await TelltaleProcess.run(["run", "\(package)/Plans/app.yml", "--skip-build", "--no-history", "--report-dir", reports])
        }
        return (result, reports)
    }

    static let missing = [
        ("ShopAppTests.CheckoutSuite/payingInYenSendsAYenPurchase()", "JPY"),
        ("ShopAppTests.CheckoutCase/testPayingInEurosSendsAEuroPurchase", "EUR"),
    ]

    @Test func aMissingEventReadsWellInEveryReport() async throws {
        let (result, reports) = try await Self.run.value
        #expect(result.status == 1, "\(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let junit = try XMLDocument(contentsOf: URL(fileURLWithPath: "\(reports)/junit.xml"))
        let summary = try String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)
        let html = try String(contentsOfFile: "\(reports)/index.html", encoding: .utf8)
        for (id, currency) in Self.missing {
            let test = try #require(record.tests.first { $0.id.rawValue == id })
            let message = try #require(test.primaryMessage?.text)
            let expectation = #"purchase_completed {"currency":"\#(currency)"}"#
            let difference = #"currency: expected "\#(currency)", got "USD" (string)"#
            // The first line, which the console, JUnit's message and summary.md show, names both.
            let first = String(message.split(separator: "\n")[0])
            #expect(first.contains("expected 1 × \(expectation), found 0") && first.contains(difference), "\(message)")
            #expect(message.count < 400, "\(message.count) characters: \(message)")
            #expect(!message.contains("notFound(") && !message.contains("TelltaleModel."), "no enum dump: \(message)")
            #expect(result.stderr.contains(difference), "console: \(result.stderr)")
            let name = String(id.split(separator: "/").last!)
            let testCase = try #require(
                try junit.nodes(forXPath: "//testcase[@name='\(name)']").first as? XMLElement, "JUnit has \(name)")
            let failure = try #require(testCase.elements(forName: "failure").first)
            #expect(failure.attribute(forName: "message")?.stringValue?.contains(difference) == true)
            // summary.md escapes Markdown's `_`.
            #expect(summary.contains(difference.replacingOccurrences(of: "_", with: "\\_")), "summary.md: \(summary)")
            #expect(html.contains(currency), "the HTML payload holds the message")
        }
    }

    /// Both frameworks put a thrown error at the test (Swift Testing) or nowhere (XCTest on
    /// Linux); a failed check is recorded where it was called, in the record and in JUnit.
    @Test func aFailedCheckPointsAtItsCallInBothFrameworks() async throws {
        let (_, reports) = try await Self.run.value
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let junit = try XMLDocument(contentsOf: URL(fileURLWithPath: "\(reports)/junit.xml"))
        for (id, currency) in Self.missing {
            let file = id.contains("CheckoutSuite") ? "CheckoutSuite.swift" : "CheckoutCase.swift"
            let source = try String(contentsOfFile: "\(Self.package)/Tests/ShopAppTests/\(file)", encoding: .utf8)
            let call =
                try #require(
                    source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                        $0.contains(#"waitFor("purchase_completed", where: ["currency": "\#(currency)"]"#)
                    }
                ) + 1
            let test = try #require(record.tests.first { $0.id.rawValue == id })
            let message = try #require(test.primaryMessage)
            #expect(message.location?.file.hasSuffix("Tests/ShopAppTests/\(file)") == true, "\(String(describing: message.location))")
            #expect(message.location?.line == call, "\(id): \(String(describing: message.location)), the call is at line \(call)")
            // The place is the message's location, not its first words.
            #expect(!message.text.contains(file), "\(message.text)")
            let name = String(id.split(separator: "/").last!)
            let testCase = try #require(try junit.nodes(forXPath: "//testcase[@name='\(name)']").first as? XMLElement)
            #expect(testCase.attribute(forName: "line")?.stringValue == String(call))
        }
        // The frameworks themselves say so too: the `.telltale` trait records the escaping check
        // as an issue at its call (no "Caught error" at the test), and `TelltaleTestCase` moves
        // XCTest's `<EXPR>:0` there.
        let suite = try #require(record.tests.first { $0.id.rawValue == Self.missing[0].0 }?.primaryMessage)
        #expect(suite.kind == .failure && suite.text.hasPrefix("expected 1 × purchase_completed"), "\(suite.kind): \(suite.text)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(reports)/logs").filter { $0.hasPrefix("worker-") }
            .map { try String(contentsOfFile: "\(reports)/logs/\($0)", encoding: .utf8) }.joined()
        let caseSource = try String(contentsOfFile: "\(Self.package)/Tests/ShopAppTests/CheckoutCase.swift", encoding: .utf8)
        let caseCall = try #require(caseSource.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("waitFor(") }) + 1
        #expect(
            logs.contains(
                "/Tests/ShopAppTests/CheckoutCase.swift:\(caseCall): error: CheckoutCase.testPayingInEurosSendsAEuroPurchase : threw error \"expected 1 × purchase_completed"
            ), "\(logs)")
    }

    @Test func aPlansFailureInSwiftTestingStartsWithThePlansMessage() async throws {
        let (_, reports) = try await Self.run.value
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let test = try #require(record.tests.first { $0.id.rawValue == "ShopAppTests.CheckoutSuite/payingSendsTheAmount()" })
        let message = try #require(test.primaryMessage)
        #expect(message.text.hasPrefix("missing event: expected purchase_completed { value: 20 }"), "\(message.text)")
        #expect(message.text.contains("value: expected 20, got 12 (number)"))
        #expect(message.location?.file.hasSuffix("Plans/app.yml") == true)
    }

    /// Under `lifecycle: process` each test has a process of its own, which ends right after the
    /// test: the tracker's queued batch must be sent before it does, in both frameworks, or the
    /// plan sees no event from a test that sent one.
    @Test func eventsQueuedWhenATestEndsReachThePlansChecks() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("ClientAppRunTests-process")
        let result = try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            try await TelltaleProcess.run(["run", "\(Self.package)/Plans/process.yml", "--skip-build", "--no-history", "--report-dir", reports])
        }
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(
            record.tests.map(\.id.rawValue).sorted() == [
                "ShopAppTests.CheckoutCase/testPayingSendsAPurchase", "ShopAppTests.CheckoutSuite/payingSendsTheAmount()",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(record.tests.allSatisfy { $0.outcome == .passed }, "\(record.tests.map { ($0.id, $0.primaryMessage?.text ?? "") })")
    }

    @Test func theAppResolvesNoThirdPartyPackage() async throws {
        let dependencies = try await PackageLock.withLock(Self.package) {
            try await ChildProcesses.run("swift", ["package", "show-dependencies", "--format", "json"], in: Self.package)
        }
        #expect(dependencies.status == 0, "\(dependencies.stderrText)")
        struct Node: Decodable {
            var url: String
            var dependencies: [Node]
        }
        let root = try JSONDecoder().decode(Node.self, from: Data(dependencies.stdoutText.utf8))
        func urls(_ node: Node) -> [String] { node.dependencies.flatMap { [$0.url] + urls($0) } }
        #expect(urls(root) == [TelltaleProcess.repositoryRoot], "\(urls(root))")
    }
}
