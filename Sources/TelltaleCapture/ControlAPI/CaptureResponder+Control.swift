import Foundation
import Hummingbird
import TelltaleModel

/// The query and control API under `/_telltale/`.
extension CaptureResponder {
    /// How long a wait may last, so a forgotten client cannot hold a request forever.
    static let maxWait: Duration = .seconds(300)

    /// Answers one `/_telltale/…` route (the table in Docs/Capture.md); any other is a 404 that
    /// points there.
    func control(_ request: Request, session prefixSession: String?, path: String) async -> Response {
        let query = Self.query(request.uri.query)
        let method = request.method.rawValue
        // The prefix names the session; `?session=` does too, for the unprefixed routes.
        let session = query["session"] ?? prefixSession
        switch (method, path) {
        case ("GET", "/_telltale/health"):
            return Self.json(["status": "ok", "events": .number(Double(store.count)), "bad": .number(Double(store.badCount))])
        case ("GET", "/_telltale/events"):
            var source: Event.Source?
            if let name = query["source"] {
                guard let parsed = IngestFormat.source(named: name) else { return badControl("unknown source \(name)") }
                source = parsed
            }
            let filter = EventFilter(session: session, test: query["test"].map(TestID.init), name: query["name"], source: source)
            var events = store.query(filter)
            // `valid=false` keeps the events that broke the tracking plan; `true`, those that kept it.
            if let valid = query["valid"] {
                guard valid == "true" || valid == "false" else { return badControl("valid must be true or false, not \(valid)") }
                guard store.hasTrackingPlan else { return badControl("?valid= needs a tracking plan: start the server with --catalog") }
                let wanted = valid == "true"
                events = store.checked(events).filter { ($0.violations?.isEmpty ?? true) == wanted }.map(\.event)
            }
            return eventsAnswer(events)
        case ("GET", "/_telltale/ui"):
            return Self.inspectorPage()
        case ("GET", "/_telltale/stream"):
            return inspectorStream(request, query: query)
        case ("GET", _) where path.hasPrefix("/_telltale/events/"):
            return storedEvent(id: String(path.dropFirst("/_telltale/events/".count)))
        case ("GET", "/_telltale/bad"):
            return Self.json(encoding: BadAnswer(bad: store.bad(session: session)))
        case ("POST", "/_telltale/reset"):
            let removed = store.reset(session: session)
            return Self.json(["removed": .number(Double(removed))])
        case ("POST", "/_telltale/wait"):
            return await wait(request, session: session)
        case ("POST", "/_telltale/tests/begin"), ("POST", "/_telltale/tests/end"):
            let session = session ?? CaptureTarget.defaultSession
            let test = query["test"].map(TestID.init)
            // Under `telltale run`'s automatic lifecycle, begin also resets and sets up the backend,
            // and end tears it down and checks the test's events: `failures` is what to record.
            let lifecycle = store.currentTestLifecycle
            if path.hasSuffix("begin") {
                guard let test else { return badControl("tests/begin needs ?test=ID") }
                store.beginTest(test, session: session)
                let failures = await lifecycle?.testBegan(test, session: session) ?? []
                return Self.json([
                    "session": .string(session), "test": .string(test.rawValue), "failures": .array(failures.map(Self.failure)),
                ])
            }
            // Without `?test=`, end closes whatever test the session was running; with it, only that test.
            let ended = store.endTest(test, session: session)
            var failures: [TestMessage] = []
            if let lifecycle, let finished = test ?? ended { failures = await lifecycle.testEnded(finished, session: session) }
            return Self.json([
                "session": .string(session), "ended": ended.map { JSONValue.string($0.rawValue) } ?? JSONValue.null,
                "failures": .array(failures.map(Self.failure)),
            ])
        default:
            return Self.json(["error": .string("no control route \(method) \(path); see Docs/Capture.md")], status: 404)
        }
    }

    /// `POST /_telltale/wait` with `{"name", "params"?, "session"?, "test"?, "source"?, "count"?, "timeout"?}`
    /// (timeout in seconds, default 5). Answers 200 with `matched` true, or false and the nearest misses.
    private func wait(_ request: Request, session: String?) async -> Response {
        var request = request
        guard let buffer = try? await request.collectBody(upTo: maxBodySize) else { return badControl("wait body too large") }
        let body = Data(buffer: buffer)
        let decoded: WaitRequest
        do {
            decoded = try EventCoding.decode(WaitRequest.self, from: body.isEmpty ? Data("{}".utf8) : body)
        } catch {
            return badControl("wait expects {\"name\", \"params\"?, \"session\"?, \"test\"?, \"count\"?, \"timeout\"?}: \(error)")
        }
        // The body's `session` wins over the route's.
        var filter = decoded.filter
        if filter.session == nil { filter.session = session }
        let count = max(decoded.count ?? 1, 1)
        let seconds = decoded.timeout ?? 5
        guard seconds.isFinite, seconds >= 0 else { return badControl("timeout must be a non-negative number of seconds") }
        let timeout = min(Duration.milliseconds(Int64(seconds * 1000)), Self.maxWait)
        let outcome = await store.wait(for: filter, count: count, timeout: timeout)
        return Self.json(encoding: outcome)
    }

    /// `{"text", "file"?, "line"?, "column"?}`: what TelltaleTesting's lifecycle records.
    static func failure(_ message: TestMessage) -> JSONValue {
        var fields: [String: JSONValue] = ["text": .string(message.text)]
        if let location = message.location {
            fields["file"] = .string(location.file)
            fields["line"] = .number(Double(location.line))
            if let column = location.column { fields["column"] = .number(Double(column)) }
        }
        return .object(fields)
    }

    private func badControl(_ reason: String) -> Response {
        Self.json(["error": .string(reason)], status: 400)
    }
}

/// `{"bad": [...]}`, the answer of `GET /_telltale/bad`.
struct BadAnswer: Encodable { var bad: [BadCapture] }

/// The body of `POST /_telltale/wait`.
struct WaitRequest: Decodable {
    /// Which events count: the body's `name`, `params`, `session`, `test` and `source`.
    var filter: EventFilter
    /// How many matching events to wait for; 1 when absent.
    var count: Int?
    /// Seconds; 5 when absent, at most `maxWait`.
    var timeout: Double?

    enum CodingKeys: String, CodingKey { case count, timeout }

    init(from decoder: any Decoder) throws {
        filter = try EventFilter(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decodeIfPresent(Int.self, forKey: .count)
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout)
    }
}
