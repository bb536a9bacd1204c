import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// A PostgreSQL history that stops answering (a stalled server or network, shown by a proxy in
/// front of the test cluster that forwards, then answers nothing): each call is given up after
/// its deadline, and once one is, the history is asked nothing more.
@Suite(.tags(.medium))
struct HistoryStallTests {
    /// A history opened and recorded to, then stalled: the next call is given up after the
    /// deadline (not waited for), and every call after it fails at once, without a deadline of
    /// its own.
    @Test func aHistoryThatStallsIsGivenUpOnceAndNotAskedAgain() async throws {
        let database = try await PostgresCluster.shared.database("stall")
        let proxy = try StallingProxy(upstreamPort: database.port)
        defer { proxy.shutDown() }
        // A broken deadline would wait for ever: closing the proxy's connections ends the wait.
        let guardian = Task {
            try await Task.sleep(for: .seconds(150))
            proxy.shutDown()
        }
        defer { guardian.cancel() }
        // The history's tables made first, directly and without a tight deadline: a fresh
        // database's migration under the whole suite and the fixtures' builds on two cores once
        // took over the 30 s below, and failed the test before anything stalled.
        let direct = try HistoryLocation(database.url() + "&connect_timeout=300", environment: [:])
        try await HistoryStore.withStore(at: direct, callTimeout: .seconds(600)) { opened in _ = try opened.get() }
        let location = try HistoryLocation(database.url(port: proxy.port) + "&connect_timeout=60", environment: [:])
        // Thirty seconds: the first calls through the proxy (the schema's version, a record) must
        // get through, and in CI, with the whole suite and the fixtures' builds on two cores, this
        // process's calls took over 8 s.
        try await HistoryStore.withStore(at: location, callTimeout: .seconds(30)) { opened in
            let store = try opened.get()
            try await store.record(HistoryStoreTests.run(1, [HistoryStoreTests.test("A.S/a")]))
            proxy.stall()

            let started = ContinuousClock.now
            let first = await #expect(throws: HistoryError.self) { try await store.durations() }
            let gaveUp = ContinuousClock.now - started
            #expect(first?.stall == .thisCall)
            #expect(first?.reason == "no answer within 30 s", "\(String(describing: first))")
            // No upper bound (see `PostgresDeadlineTests`: a busy test process runs a timer's task late);
            // a deadline that did not hold would end with the guardian's closed connection, not a stall.
            #expect(gaveUp >= .seconds(30), "\(gaveUp)")

            let second = await #expect(throws: HistoryError.self) { try await store.record(HistoryStoreTests.run(2, [])) }
            #expect(second?.stall == .earlierCall)
            #expect(second?.description.contains("not asked: an earlier call got no answer within 30 s") == true, "\(String(describing: second))")
            // `.earlierCall`, not `.thisCall`: it was refused without waiting for a deadline of its own.
        }
    }

    /// A server that accepts the connection and never answers: opening the history is given up
    /// after the deadline, as a stall, and the run would go on without it.
    @Test func aServerThatNeverAnswersIsGivenUpAtTheOpen() async throws {
        let proxy = try StallingProxy(upstreamPort: nil)
        defer { proxy.shutDown() }
        let guardian = Task {
            try await Task.sleep(for: .seconds(90))
            proxy.shutDown()
        }
        defer { guardian.cancel() }
        // postgres-nio's own connect timeout (10 s by default) runs on its event loop, which a busy
        // test process does not hold up as it does the deadline's task: in CI it ended the wait first.
        let location = try HistoryLocation(
            "postgres://ci:secret@127.0.0.1:\(proxy.port)/history?sslmode=disable&connect_timeout=300", environment: [:])
        let started = ContinuousClock.now
        let error: HistoryError? = await HistoryStore.withStore(at: location, callTimeout: .seconds(1)) { opened in
            if case .failure(let error) = opened { return error }
            return nil
        }
        let waited = ContinuousClock.now - started
        #expect(error?.stall == .thisCall, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("history postgres://ci@127.0.0.1:\(proxy.port)/history?sslmode=disable: no answer within 1 s") == true)
        #expect(waited >= .seconds(1), "\(waited)")
        #expect(proxy.accepted >= 1)
    }
}
