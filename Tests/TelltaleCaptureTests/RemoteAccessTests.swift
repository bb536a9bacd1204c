import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// A capture server bound beyond loopback (this machine's own address, else 0.0.0.0 reached
/// through 127.0.0.1: the rule is about where it listens, not who asks): the inspector, its
/// stream and the control API answer 401 without the access token and reveal nothing; with it
/// they work; SDKs capture without it. On loopback nothing asks for a token.
@Suite(.tags(.medium))
struct RemoteAccessTests {
    static let token = "t0ken-for-remote-access-tests"
    /// In every captured event, so a body that leaks one is seen.
    static let marker = "marker-7f3a"
    static let host = RawHTTP.nonLoopbackAddress() ?? "0.0.0.0"

    /// Every route behind the token, with what each does when it is let through.
    static let guarded: [(method: String, path: String)] = [
        ("GET", "/_telltale/health"), ("GET", "/_telltale/events"), ("GET", "/_telltale/events?name=Order%20Completed"),
        ("GET", "/_telltale/events/00000001"), ("GET", "/_telltale/bad"), ("GET", "/_telltale/ui"), ("GET", "/_telltale/stream"),
        ("POST", "/_telltale/reset"), ("POST", "/_telltale/wait"), ("POST", "/s/qa/_telltale/tests/begin?test=T.t"),
        ("GET", "/s/qa/_telltale/events"), ("GET", "/_telltale/nothing-here"), ("GET", "/nothing-here"),
    ]

    @Test func remoteServerAsksForTheTokenEverywhereButCapture() async throws {
        try await CaptureHarness.with(host: Self.host, accessToken: Self.token) { capture async throws in
            let host = try #require(capture.base.host)
            let port = try #require(capture.base.port)
            #expect(host != "127.0.0.1" || Self.host == "0.0.0.0")
            try await Self.captureWithoutToken(capture)

            let wrong: [[String: String]] = [
                [:], ["Authorization": "Bearer wrong-token-0123456789"], ["Authorization": "Bearer " + Self.token.dropLast()],
                ["Authorization": "Bearer " + Self.token + "x"], ["Authorization": "Basic " + Data("\(Self.token):".utf8).base64EncodedString()],
                ["Cookie": "telltale_token=wrong-token-0123456789"], ["Cookie": "other=\(Self.token)"],
            ]
            for (method, path) in Self.guarded {
                for headers in wrong {
                    let answer = try await RawHTTP.exchange(
                        host: host, port: port, method, path, headers: headers, body: #"{"name":"Order Completed"}"#)
                    #expect(answer.status == 401, "\(method) \(path) \(headers)")
                    #expect(!answer.body.contains(Self.marker) && !answer.body.contains("Order Completed"), "\(method) \(path)")
                    #expect(answer.header("www-authenticate") == [#"Bearer realm="telltale capture""#])
                }
                let wrongQuery = path + (path.contains("?") ? "&" : "?") + "token=wrong-token-0123456789"
                #expect(try await RawHTTP.exchange(host: host, port: port, method, wrongQuery).status == 401, "\(method) \(wrongQuery)")
            }
            // Nothing was reset, no test begun.
            #expect(capture.store.count == 3)
            #expect(capture.store.query(EventFilter(session: "qa")).allSatisfy { $0.test == nil })

            let bearer = ["Authorization": "Bearer \(Self.token)"]
            let events = try await RawHTTP.exchange(host: host, port: port, "GET", "/_telltale/events", headers: bearer)
            #expect(events.status == 200 && events.body.contains(Self.marker))
            let byQuery = try await RawHTTP.exchange(host: host, port: port, "GET", "/s/qa/_telltale/events?token=\(Self.token)")
            #expect(byQuery.status == 200 && byQuery.body.contains(Self.marker))
            let health = try await RawHTTP.exchange(host: host, port: port, "GET", "/_telltale/health", headers: bearer)
            #expect(health.status == 200 && health.body.contains(#""events":3"#))
        }
    }

    /// The inspector takes the token once, from its URL: a cookie for the browser's session
    /// (HttpOnly, SameSite=Strict) and a redirect that leaves the token out of the address.
    @Test func inspectorTakesTheTokenOnceAndKeepsItInACookie() async throws {
        try await CaptureHarness.with(host: Self.host, accessToken: Self.token) { capture async throws in
            let host = try #require(capture.base.host)
            let port = try #require(capture.base.port)
            try await Self.captureWithoutToken(capture)
            let login = try await RawHTTP.exchange(host: host, port: port, "GET", "/_telltale/ui?token=\(Self.token)")
            #expect(login.status == 303)
            #expect(login.header("location") == ["/_telltale/ui"])
            let cookie = try #require(login.header("set-cookie").first)
            #expect(cookie.hasPrefix("telltale_token=\(Self.token);"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
            #expect(!cookie.contains("Max-Age") && !cookie.contains("Expires"))  // for the browser's session only
            #expect(!login.body.contains(Self.marker))

            let jar = ["Cookie": "theme=dark; telltale_token=\(Self.token)"]
            let page = try await RawHTTP.exchange(host: host, port: port, "GET", "/_telltale/ui", headers: jar)
            #expect(page.status == 200 && page.body.contains("<!DOCTYPE html>"))
            let stream = try await RawHTTP.exchange(host: host, port: port, "GET", "/_telltale/stream", headers: jar, until: Self.marker)
            #expect(stream.status == 200 && stream.body.contains("event: hello") && stream.body.contains(Self.marker))
            let reset = try await RawHTTP.exchange(host: host, port: port, "POST", "/_telltale/reset", headers: jar)
            #expect(reset.status == 200 && reset.body.contains(#""removed":3"#))
        }
    }

    @Test func loopbackAsksForNoToken() async throws {
        try await CaptureHarness.with { capture async throws in
            try await Self.captureWithoutToken(capture)
            let port = try #require(capture.base.port)
            let events = try await RawHTTP.exchange(host: "127.0.0.1", port: port, "GET", "/_telltale/events")
            #expect(events.status == 200 && events.body.contains(Self.marker))
            for (method, path) in Self.guarded where path != "/_telltale/stream" {
                let answer = try await RawHTTP.exchange(host: "127.0.0.1", port: port, method, path, body: #"{"name":"x","timeout":0}"#)
                #expect(answer.status != 401, "\(method) \(path)")
            }
        }
    }

    @Test func remoteHostWithoutTokenIsRefused() throws {
        let configuration = CaptureConfiguration(host: Self.host, logPath: "/dev/null", allowRemote: true)
        #expect(throws: CaptureError.remoteWithoutToken(Self.host)) { try CaptureServer(configuration: configuration) }
        #expect(CaptureConfiguration.tokenProblem("short") != nil)
        #expect(CaptureConfiguration.tokenProblem("has space in it 0123") != nil)
        #expect(CaptureConfiguration.tokenProblem(CaptureConfiguration.newAccessToken()) == nil)
        #expect(CaptureConfiguration.newAccessToken() != CaptureConfiguration.newAccessToken())
    }

    @Test(arguments: ["", "t", "t0ken-for-remote-access-test", "t0ken-for-remote-access-testsx", "T0ken-for-remote-access-tests"])
    func otherTokensDoNotMatch(_ given: String) {
        #expect(!CaptureAccess(token: Self.token).matches(given))
        #expect(CaptureAccess(token: Self.token).matches(Self.token))
    }

    /// `telltale capture` beyond loopback makes up a token and prints it once, in the inspector's
    /// address; one given in `TELLTALE_CAPTURE_TOKEN` is used and not printed; on loopback none.
    @Test func captureCommandMakesUpOrTakesTheToken() async throws {
        let remote = ["--host", Self.host, "--allow-remote"]
        let madeUp = try await Self.startCommand(remote)
        defer { madeUp.process.terminate() }
        let printed = try #require(madeUp.inspector.components(separatedBy: "/_telltale/ui?token=").last)
        #expect(CaptureConfiguration.tokenProblem(printed) == nil && printed.count == 64)
        #expect(madeUp.stderr.components(separatedBy: printed).count == 3)  // the address and the token line, no more
        let port = madeUp.port
        let target = Self.host == "0.0.0.0" ? "127.0.0.1" : Self.host
        #expect(try await RawHTTP.exchange(host: target, port: port, "GET", "/_telltale/events").status == 401)
        #expect(
            try await RawHTTP.exchange(host: target, port: port, "GET", "/_telltale/events", headers: ["Authorization": "Bearer \(printed)"]).status
                == 200)
        #expect(try await RawHTTP.exchange(host: target, port: port, "POST", "/events", body: #"{"name":"from_phone"}"#).status == 200)

        let given = try await Self.startCommand(remote, environment: ["TELLTALE_CAPTURE_TOKEN": Self.token])
        defer { given.process.terminate() }
        #expect(
            !given.stderr.contains(Self.token) && given.inspector.hasSuffix("?token=TOKEN, with the access token given; capture routes need none"))
        let withGiven = try await RawHTTP.exchange(
            host: target, port: given.port, "GET", "/_telltale/health", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(withGiven.status == 200)
        #expect(try await RawHTTP.exchange(host: target, port: given.port, "GET", "/_telltale/health").status == 401)

        let loopback = try await Self.startCommand([])
        defer { loopback.process.terminate() }
        #expect(loopback.inspector == "inspector: http://127.0.0.1:\(loopback.port)/_telltale/ui")
        #expect(try await RawHTTP.exchange(host: "127.0.0.1", port: loopback.port, "GET", "/_telltale/health").status == 200)

        let short = try await ChildProcesses.run(try CaptureProcessTests.executable(), ["capture", "--token", "short"] + remote)
        #expect(short.status != 0 && short.stderrText.contains("--token must be at least 16 characters"))
    }

    struct Command {
        var process: Process
        var port: Int
        /// stderr up to and with the inspector's line, which is its last line.
        var stderr: String
        var inspector: String
    }

    /// Starts `telltale capture --port 0 --quiet` with `arguments` and reads until it names its inspector.
    static func startCommand(_ arguments: [String], environment: [String: String] = [:]) async throws -> Command {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CaptureProcessTests.executable())
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-remote-\(UUID().uuidString)/events.jsonl").path
        process.arguments = ["capture", "--port", "0", "--out", out, "--quiet"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let (first, diagnostics) = await Task.detached { () -> (String, String) in
            func read(_ pipe: Pipe, until done: (String) -> Bool) -> String {
                var bytes = Data()
                while !done(String(decoding: bytes, as: UTF8.self)) {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            let first = read(stdout) { $0.contains("\n") }
            let diagnostics = read(stderr) { text in text.split(separator: "\n").contains { $0.hasPrefix("inspector:") } }
            return (first, diagnostics)
        }.value
        let port = try #require(first.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let lines = diagnostics.split(separator: "\n").map(String.init)
        let inspector = try #require(lines.first { $0.hasPrefix("inspector:") }, "stderr: \(diagnostics)")
        return Command(process: process, port: port, stderr: diagnostics, inspector: inspector)
    }

    /// Three events through SDK routes, none with a token: Segment, native and PostHog.
    static func captureWithoutToken(_ capture: CaptureHarness) async throws {
        let segment = try await capture.post(
            "/s/qa/v1/track", json: #"{"userId":"u1","event":"Order Completed","properties":{"note":"\#(marker)"}}"#,
            headers: WireFormatTests.segmentAuth)
        #expect(segment.status == 200)
        #expect(try await capture.post("/s/qa/events", json: #"{"name":"signup","params":{"note":"\#(marker)"}}"#).status == 200)
        let posthog = try await capture.post(
            "/s/qa/batch/", json: #"{"api_key":"phc","batch":[{"event":"viewed","distinct_id":"d1","properties":{"note":"\#(marker)"}}]}"#)
        #expect(posthog.status == 200)
        #expect(capture.store.count == 3)
    }
}
