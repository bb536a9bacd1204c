import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale report --format harbormaster` on real runs: every outcome maps to Harbormaster's
/// result as documented, and the file has the shape Conduit's own method description gives.
@Suite(.tags(.large))
struct HarbormasterReportTests {
    /// The fixture's run, reported for Phabricator: the units by name, and the message's type.
    func harbormaster(_ run: FixtureRuns.Run) async throws -> (type: String, units: [String: HarbormasterWriter.Unit]) {
        let out = try TelltaleProcess.temporaryDirectory("harbormaster")
        let report = try await TelltaleProcess.run(["report", run.reportDirectory, "--format", "harbormaster", "--out", out])
        #expect(report.status == 0, "\(report.stderr)")
        let path = "\(out)/harbormaster.json"
        let check = try await ChildProcesses.run(
            "python3", ["\(ExitStatusTests.fixtures)/harbormasterMatchesConduitsMethod.py", path])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderrText)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/summary.remarkup"))
        let message = try JSONDecoder().decode(HarbormasterWriter.Message.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let units = Dictionary(message.unit.map { ("\($0.namespace)/\($0.name)", $0) }) { first, _ in first }
        #expect(units.count == message.unit.count, "unit names are unique")
        return (message.type, units)
    }

    @Test func crashesAreBrokenAndFailuresFail() async throws {
        let (type, units) = try await harbormaster(try await FixtureRuns.shared.run(fixture: "CrashingFixture"))
        #expect(type == "fail")
        #expect(
            units.mapValues(\.result) == [
                "CrashingFixtureTests.CrashCases/testA_BeforeCrash": "pass",
                "CrashingFixtureTests.CrashCases/testB_Crashes": "broken",
                "CrashingFixtureTests.CrashCases/testC_AfterCrash": "pass",
                "CrashingFixtureTests.CrashCases/testD_AfterCrashFails": "fail",
                "CrashingFixtureTests.SignalCases/a_beforeSignal()": "pass",
                "CrashingFixtureTests.SignalCases/b_raisesSignal()": "broken",
                "CrashingFixtureTests.SignalCases/c_afterSignal()": "pass",
                "CrashingFixtureTests.FatalErrorCases/trapsWithAFatalError()": "broken",
            ])
        let crash = try #require(units["CrashingFixtureTests.CrashCases/testB_Crashes"])
        #expect(crash.format == "remarkup" && crash.details?.contains("**error**") == true, "\(crash.details ?? "")")
        #expect(crash.details?.contains("**Output**") == false, "the crash message already quotes the last lines")
        #expect(crash.engine == "telltale/XCTest")
        let signal = try #require(units["CrashingFixtureTests.SignalCases/a_beforeSignal()"])
        #expect(signal.engine == "telltale/swift-testing" && signal.path?.hasPrefix("Tests/Fixtures/CrashingFixture/") == true, "\(signal)")
    }

    @Test func skipsSkipAndEachArgumentCaseIsAUnit() async throws {
        let (type, units) = try await harbormaster(try await FixtureRuns.shared.run(fixture: "MixedFixture"))
        #expect(type == "fail")
        #expect(units["MixedFixtureTests.SkippedCases/testSkipped"]?.result == "skip")
        #expect(units["MixedFixtureTests.SwiftTestingFailing/disabled()"]?.result == "skip")
        #expect(units["MixedFixtureTests.FailingCases/testTwoFailures"]?.result == "fail")
        #expect(units["MixedFixtureTests.SwiftTestingFailing/knownIssue()"]?.details?.contains("**known issue**") == true)
        let cases = units.filter { $0.key.hasPrefix("MixedFixtureTests.SwiftTestingFailing/parameterizedOneFails(value:) [") }
        #expect(cases.count > 1)
        #expect(cases.values.filter { $0.result == "fail" }.count == 1, "\(cases.mapValues(\.result))")
        #expect(units.values.allSatisfy { $0.engine.hasPrefix("telltale/") })
    }

    @Test func aTestThatPassedOnARetryIsUnsound() async throws {
        let run = try await FixtureRuns.shared.run(
            fixture: "SchedulingFixture", extraArguments: ["\(ExitStatusTests.fixtures)/schedulingRetriesAndTimeouts.yml"]
        )
        let (_, units) = try await harbormaster(run)
        let flaky = try #require(units["SchedulingFixtureTests.FlakyCases/testFailsTheFirstTime"])
        #expect(flaky.result == "unsound")
        #expect(flaky.details?.contains("**Earlier attempts** (passed on attempt 2)") == true, "\(flaky.details ?? "")")
        #expect(units["SchedulingFixtureTests.FlakyCases/testAlwaysFails"]?.result == "fail")
    }

    /// `telltale publish harbormaster` and Phabricator's own client, `arc call-conduit`, send the
    /// same harbormaster.json to a Conduit-compatible server: it decodes the same parameters
    /// from both. The token is in neither command's output nor any report.
    @Test func publishSendsWhatArcSendsAndNeverShowsTheToken() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "MixedFixture")
        let folder = try TelltaleProcess.temporaryDirectory("conduit")
        let log = "\(folder)/requests.jsonl"
        let server = try await ConduitTestServer(log: log)
        defer { server.stop() }
        let uri = server.uri
        let token = "api-\(UUID().uuidString.lowercased())"
        let target = "PHID-HMBT-e2etest"

        let publish = try await TelltaleProcess.runProcess(
            TelltaleProcess.executable(), ["publish", "harbormaster", run.reportDirectory, "--conduit-uri", uri, "--build-target", target],
            in: TelltaleProcess.repositoryRoot, environment: ["CONDUIT_TOKEN": token]
        )
        #expect(publish.status == 0, "\(publish.stderr)")
        #expect(publish.stdout.contains("harbormaster: fail, "), "\(publish.stdout)")

        let report = try await TelltaleProcess.run(["report", run.reportDirectory, "--format", "harbormaster", "--out", folder])
        #expect(report.status == 0, "\(report.stderr)")
        var params = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/harbormaster.json"))) as? [String: Any])
        params["buildTargetPHID"] = target
        let arc = try await ChildProcesses.run(
            "arcanist", ["call-conduit", "--conduit-uri", uri + "/", "--conduit-token", token, "--", "harbormaster.sendmessage"],
            input: try JSONSerialization.data(withJSONObject: params))
        #expect(arc.status == 0, "\(arc.stdoutText)\(arc.stderrText)")

        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["method"] as? String == "harbormaster.sendmessage" }
        try #require(requests.count == 2, "\(requests)")
        let ours = requests[0]
        let theirs = requests[1]
        #expect(ours["fields"] as? [String] == theirs["fields"] as? [String])
        #expect(ours["output"] as? String == "json" && ours["conduit"] as? String == theirs["conduit"] as? String)
        let oursParams = try #require(ours["params"] as? NSDictionary)
        let theirsParams = try #require(theirs["params"] as? NSDictionary)
        #expect(oursParams == theirsParams, "the same parameters, token included")
        #expect((oursParams["__conduit__"] as? [String: String])?["token"] == token)

        #expect(!publish.stdout.contains(token) && !publish.stderr.contains(token))
        for file in try FileManager.default.subpathsOfDirectory(atPath: run.reportDirectory) {
            let path = "\(run.reportDirectory)/\(file)"
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(!String(decoding: data, as: UTF8.self).contains(token), "\(file) holds the token")
        }
    }

    /// A server answering 503 twice is tried again, with backoff, until it takes the message;
    /// a Conduit nobody listens on is exit status 3, and no token is exit status 2.
    @Test func publishRetriesAServerErrorAndSaysWhenConduitCannotBeReached() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "MixedFixture")
        let folder = try TelltaleProcess.temporaryDirectory("conduit-retry")
        let log = "\(folder)/requests.jsonl"
        let server = try await ConduitTestServer(log: log, unavailable: 2)
        defer { server.stop() }
        func publish(_ uri: String, token: String? = "api-retry") async throws -> TelltaleProcess.Result {
            try await TelltaleProcess.runProcess(
                TelltaleProcess.executable(),
                ["publish", "harbormaster", run.reportDirectory, "--conduit-uri", uri, "--build-target", "PHID-HMBT-retry"],
                in: TelltaleProcess.repositoryRoot, environment: token.map { ["CONDUIT_TOKEN": $0] } ?? ["CONDUIT_TOKEN": ""])
        }
        let sent = try await publish(server.uri)
        #expect(sent.status == 0, "\(sent.stderr)")
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(logged.count == 1, "two 503s, then the one message")

        // A port that was just free: nothing listens there.
        let closed = try await publish("http://127.0.0.1:\(Self.freePort())")
        #expect(closed.status == 3, "\(closed.stderr)")
        #expect(closed.stderr.contains("could not reach Conduit"), "\(closed.stderr)")
        let noToken = try await publish(server.uri, token: nil)
        #expect(noToken.status == 2 && noToken.stderr.contains("CONDUIT_TOKEN is not set"), "\(noToken.stderr)")
    }

    /// A loopback port the kernel just handed out and took back.
    static func freePort() throws -> Int {
        let socket = try #require(Optional(Foundation.socket(AF_INET, streamSocketType, 0)))
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(socket, $0, length) == 0, getsockname(socket, $0, &length) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
