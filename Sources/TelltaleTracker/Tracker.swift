import Foundation
import TelltaleWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an app calls to report an analytics event in test runs.
///
/// Events are queued and sent in batches to the capture server's native route
/// (`POST {captureURL}/s/{session}/events`): when `batchSize` are queued, after `flushInterval`,
/// or on `flush()`, which also waits for every send in flight. Without a configuration (outside
/// `telltale run`) every call returns at once and nothing is kept.
///
/// `@unchecked Sendable`: all mutable state (`queue`, `inFlight`, `idleWaiters`, `timerArmed`)
/// is read and written only while holding `lock`; `urlSession` is thread-safe.
public final class Tracker: @unchecked Sendable {
    /// Where events go; nil makes the tracker a no-op, as it is outside Telltale.
    public let configuration: TrackerConfiguration?
    /// How many queued events make a batch that is sent at once (at least 1).
    public let batchSize: Int
    /// The longest, in seconds, an event stays queued before its batch is sent without a `flush()`.
    public let flushInterval: TimeInterval

    private let lock = NSLock()
    private var queue: [JSONValue] = []
    private var inFlight = 0
    private var timerArmed = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var failures: [String] = []
    private let urlSession: URLSession

    /// Configured from `TELLTALE_CAPTURE_URL` and `TELLTALE_SESSION`; a no-op without them.
    public static let shared = Tracker(configuration: .fromEnvironment())

    /// Every tracker made so far, weakly, so a test's end can flush what the app queued.
    private static let registry = TrackerRegistry()

    /// A tracker for `configuration`, or a no-op for nil; most apps use `shared`, which reads the environment.
    /// A configured tracker is registered, so `flushAll()` and a test's end flush it too.
    /// - Parameter urlSession: The session batches are sent through.
    public init(configuration: TrackerConfiguration?, batchSize: Int = 20, flushInterval: TimeInterval = 0.5, urlSession: URLSession = .shared) {
        self.configuration = configuration
        self.batchSize = max(1, batchSize)
        self.flushInterval = flushInterval
        self.urlSession = urlSession
        if configuration != nil { Self.registry.add(self) }
    }

    /// Flushes every configured tracker: TelltaleTesting calls it when a test ends, so the
    /// events the app queued reach the capture server before the test's events are checked.
    @discardableResult
    public static func flushAll() async -> [String] {
        var failures: [String] = []
        for tracker in registry.trackers() { failures += await tracker.flush() }
        return failures
    }

    /// A tracker sending to a capture server you name, such as one started with `telltale capture`.
    public convenience init(captureURL: URL, session: String? = nil, batchSize: Int = 20) {
        self.init(configuration: TrackerConfiguration(captureURL: captureURL, session: session), batchSize: batchSize)
    }

    /// Whether events are sent at all: false without a configuration, where every call is a no-op.
    public var isEnabled: Bool { configuration != nil }

    /// Queues an event; sends a batch once `batchSize` are queued.
    public func track(_ name: String, _ params: [String: JSONValue] = [:]) {
        guard configuration != nil else { return }
        var fields: [String: JSONValue] = [
            "name": .string(name), "params": .object(params), "timestamp": .string(ISO8601Timestamp.string(from: Date())),
        ]
        // The test that sent it, when a lifecycle trait or test case set one for this task.
        if let test = TelltaleTestContext.currentTest { fields["test"] = .string(test.rawValue) }
        let event = JSONValue.object(fields)
        let (batch, arm) = lock.withLock { () -> ([JSONValue]?, Bool) in
            queue.append(event)
            if queue.count >= batchSize { return (takeQueue(), false) }
            if timerArmed { return (nil, false) }
            timerArmed = true
            return (nil, true)
        }
        if let batch { send(batch) }
        if arm {
            DispatchQueue.global().asyncAfter(deadline: .now() + flushInterval) { [weak self] in
                guard let self else { return }
                let batch = self.lock.withLock { () -> [JSONValue]? in
                    self.timerArmed = false
                    return self.queue.isEmpty ? nil : self.takeQueue()
                }
                if let batch { self.send(batch) }
            }
        }
    }

    /// The same, with plain Swift values (`String`, `Int`, `Double`, `Bool`, arrays, dictionaries, nil).
    public func track(_ name: String, values: [String: any Sendable]) {
        track(name, values.mapValues(JSONValue.init(any:)))
    }

    /// Sends everything queued and waits until every send has finished. Returns the errors of
    /// sends that failed since the last flush (an unreachable server, a non-2xx answer).
    @discardableResult
    public func flush() async -> [String] {
        guard configuration != nil else { return [] }
        let batch = lock.withLock { queue.isEmpty ? nil : takeQueue() }
        if let batch { send(batch) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = lock.withLock { () -> Bool in
                if inFlight == 0 { return true }
                idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
        return lock.withLock {
            defer { failures = [] }
            return failures
        }
    }

    /// Only while holding `lock`.
    private func takeQueue() -> [JSONValue] {
        let batch = queue
        queue = []
        inFlight += 1
        return batch
    }

    private func send(_ batch: [JSONValue]) {
        guard let configuration else { return }
        var url = configuration.captureURL
        if let session = configuration.session {
            url.appendPathComponent("s")
            url.appendPathComponent(session)
        }
        url.appendPathComponent("events")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(JSONValue.object(["events": .array(batch)]).serialized())
        // URLSession owns the task; completion ends it, so nothing unstructured is kept.
        urlSession.dataTask(with: request) { [self, url] _, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let failure = error.map { "\(url): \($0.localizedDescription)" } ?? ((200..<300).contains(status) ? nil : "\(url): HTTP \(status)")
            let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                if let failure { failures.append(failure) }
                inFlight -= 1
                guard inFlight == 0 else { return [] }
                defer { idleWaiters = [] }
                return idleWaiters
            }
            for waiter in waiters { waiter.resume() }
        }.resume()
    }
}
