import Foundation
import PostgresNIO
import TelltaleTestSupport
import Testing

@testable import TelltalePostgres

/// Calls given up after their deadline: the caller is answered at the deadline, and the pool
/// goes on answering the next call.
@Suite(.tags(.medium))
struct PostgresDeadlineTests {
    /// A pool of one connection whose call is given up mid-query, twenty times: each time the
    /// next call is answered. The given-up call's connection is closed, and the caller waits
    /// (briefly) for it to leave the pool: were it handed back first, the pool's one connection
    /// would be a closed one, and the next call would fail on it, or wait for an answer that
    /// never comes.
    @Test func theNextCallAfterOneGivenUpIsAnswered() async throws {
        let database = try await PostgresCluster.shared.database("deadline")
        let location = try PostgresLocation(url: database.url() + "&connect_timeout=60", environment: [:])
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = 1
        configuration.options.minimumConnections = 0
        let client = PostgresClient(configuration: configuration, backgroundLogger: PostgresConnector.quiet)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            for round in 1...20 {
                // Given up, not answered: `pg_sleep(30)` answers after 30 s without an error.
                let error = await #expect(throws: PostgresConnectionError.self) {
                    try await PostgresConnector.withConnection(from: client, at: location, within: .milliseconds(300)) { connection in
                        try await connection.query("SELECT pg_sleep(30)", logger: PostgresConnector.quiet).collect().count
                    }
                }
                #expect(error?.stalled == true, "round \(round): \(String(describing: error))")
                let answer = try await PostgresConnector.withConnection(from: client, at: location, within: .seconds(60)) { connection in
                    var values: [Int] = []
                    for try await value in try await connection.query("SELECT 1", logger: PostgresConnector.quiet).decode(Int.self) {
                        values.append(value)
                    }
                    return values
                }
                #expect(answer == [1], "round \(round)")
            }
        }
    }

    /// A server that accepts a connection and never answers: a connection of its own (the
    /// history's check, the queue's migration) is given up at the deadline, not waited for.
    @Test func aConnectionOfItsOwnToAServerThatNeverAnswersIsGivenUp() async throws {
        let proxy = try StallingProxy(upstreamPort: nil)
        defer { proxy.shutDown() }
        // A deadline that does not hold would wait for ever: closing the proxy's connections ends the wait.
        let guardian = Task {
            try await Task.sleep(for: .seconds(60))
            proxy.shutDown()
        }
        defer { guardian.cancel() }
        // A connect timeout beyond the guardian's minute: postgres-nio's own (10 s by default) runs on
        // its event loop, which a busy test process does not hold up as it does the deadline's task.
        let location = try PostgresLocation(
            url: "postgres://ci:secret@127.0.0.1:\(proxy.port)/queue?sslmode=disable&connect_timeout=300", environment: [:])
        let started = ContinuousClock.now
        let error = await #expect(throws: PostgresConnectionError.self) {
            try await PostgresConnector.withConnection(to: location, within: .seconds(1)) { _ in 1 }
        }
        #expect(error?.stalled == true)
        #expect(
            error?.description
                == "postgres://ci@127.0.0.1:\(proxy.port)/queue?sslmode=disable: no answer within 1 s; the server or the network stalled; the call was given up and its connection closed"
        )
        // No upper bound on the wait: Swift Testing starts every test of the process at once, and on
        // a two-core CI machine a timer's task waited 106 s for a thread (the guardian's waited as
        // long). A deadline that did not hold ends with the guardian's closed connection instead,
        // which is not `stalled`.
        #expect(ContinuousClock.now - started >= .seconds(1))
    }
}
