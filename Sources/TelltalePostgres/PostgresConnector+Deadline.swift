import Logging
import PostgresNIO
import Synchronization

extension PostgresConnector {
    /// `body` on a connection of `client`'s pool, given up after `limit` (the wait for the
    /// connection included) with an `.unreachable` error, so a caller that tries again on a lost
    /// connection tries again on a stalled one too.
    ///
    /// Why not a task group: postgres-nio writes a query to its channel without a promise, and
    /// when the server has just closed the connection (`pg_terminate_backend`, a restart) the
    /// write fails unseen and the query's answer never comes, cancelled or not (its
    /// `withTransaction` does this with the ROLLBACK after an error). A group would wait for that
    /// query for ever; so the call runs in a task of its own, and when the time is up, or the
    /// caller is cancelled, it is left behind: cancelled, its connection closed (which fails a
    /// query still in flight), the caller answered at once.
    public static func withConnection<T: Sendable>(
        from client: PostgresClient, at location: PostgresLocation, within limit: Duration,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresConnectionError) -> T {
        let race = CallRace<T>()
        let call = Task {
            do {
                race.settle(
                    .success(
                        try await client.withConnection { connection in
                            try await withTaskCancellationHandler {
                                try await body(connection)
                            } onCancel: {
                                let _: EventLoopFuture<Void> = connection.close()
                            }
                        }))
            } catch {
                race.settle(.failure(error))
            }
        }
        let timer = Task {
            try await Task.sleep(for: limit)
            race.settle(
                .failure(
                    PostgresConnectionError(
                        location: location.description, kind: .unreachable, reason: "no answer within \(limit)",
                        hint: "the server or the network stalled; the call was given up and its connection closed")))
        }
        defer {
            timer.cancel()
            call.cancel()
        }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { race.wait($0) }
            } onCancel: {
                race.settle(.failure(CancellationError()))
            }
        } catch {
            throw PostgresConnectionError(error, at: location)
        }
    }

    /// `body` in one transaction on a connection of `client`'s pool, each attempt given up after
    /// `limit` (see `withConnection(from:at:within:_:)`); run again, up to `attempts` times in
    /// all, after a serialization failure or a deadlock.
    public static func transaction<T: Sendable>(
        on client: PostgresClient, at location: PostgresLocation, within limit: Duration, logger: Logger = quiet, attempts: Int = 5,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresConnectionError) -> T {
        var attempt = 1
        while true {
            do {
                return try await withConnection(from: client, at: location, within: limit) { connection in
                    try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
                }
            } catch {
                guard error.isRetryable, attempt < attempts else { throw error }
                attempt += 1
                // A short pause, growing, so the transaction that won has finished.
                try? await Task.sleep(for: .milliseconds(5 * attempt * attempt))
            }
        }
    }
}

/// The first of a call's result, its deadline and its caller's cancellation, handed to the one
/// waiting for it; the later ones are dropped.
private final class CallRace<T: Sendable>: Sendable {
    private struct State {
        var waiting: CheckedContinuation<T, any Error>?
        var outcome: Result<T, any Error>?
    }

    private let state = Mutex(State())

    func settle(_ outcome: Result<T, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(with: outcome)
    }

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let outcome = state.withLock { state -> Result<T, any Error>? in
            if state.outcome == nil { state.waiting = continuation }
            return state.outcome
        }
        if let outcome { continuation.resume(with: outcome) }
    }
}
