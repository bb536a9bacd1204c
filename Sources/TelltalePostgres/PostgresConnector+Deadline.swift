import Logging
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresConnector {
    /// The default for every call to PostgreSQL (`--postgres-timeout`, the plan's
    /// `postgresTimeout`): two minutes, the wait for a connection included. A loaded CI machine's
    /// calls took over 30 s; a stalled one only needs to end at all.
    package static let defaultCallTimeout = Duration.seconds(120)

    /// How long a call given up is waited for once its connection is closed: long enough for the
    /// pool to see the connection go (it takes a few milliseconds), never a deadline's length.
    static let closingGrace = Duration.seconds(5)

    /// `body` on a connection of `client`'s pool, given up after `limit` (the wait for the
    /// connection included) with an `.unreachable` error that is `stalled`, so a caller that
    /// tries again on a lost connection tries again on a stalled one too.
    ///
    /// Why not a task group: postgres-nio writes a query to its channel without a promise, and
    /// when the server has just closed the connection (`pg_terminate_backend`, a restart) the
    /// write fails unseen and the query's answer never comes, cancelled or not (its
    /// `withTransaction` does this with the ROLLBACK after an error). A group would wait for that
    /// query for ever; so the call runs in a task of its own, and when the time is up, or the
    /// caller is cancelled, it is cancelled and its connection closed (which fails a query still
    /// in flight). The caller then waits, at most `closingGrace`, for the call to hand the closed
    /// connection back: the call hands it back only once it is closed, so the pool has dropped it
    /// by then and cannot give it to the next call, which would fail on it, or wait for an answer
    /// that never comes.
    package static func withConnection<T: Sendable>(
        from client: PostgresClient, at location: PostgresLocation, within limit: Duration,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresConnectionError) -> T {
        let race = CallRace<T>()
        let call = Task {
            do {
                race.settle(.success(try await client.withConnection { connection in try await closingWhenCancelled(connection, body) }))
            } catch {
                race.settle(.failure(error))
            }
        }
        return try await answer(of: call, in: race, within: limit, at: location)
    }

    /// `body` on a connection of its own, the connection made and `body` run within `limit`
    /// (see `withConnection(from:at:within:_:)`): the check and migration before a history or a
    /// queue is used. A server that accepts the connection and then says nothing holds it for
    /// ever; this gives up on it. The connection attempt is left behind, and closed if it ever
    /// gets through.
    package static func withConnection<T: Sendable>(
        to location: PostgresLocation, within limit: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresConnectionError) -> T {
        let race = CallRace<T>()
        let call = Task {
            do {
                race.settle(.success(try await withConnection(to: location) { connection in try await closingWhenCancelled(connection, body) }))
            } catch {
                race.settle(.failure(error))
            }
        }
        // No pool to hand the connection back to: nothing to wait for.
        return try await answer(of: call, in: race, within: limit, at: location, waitingForCall: false)
    }

    /// `body` in one transaction on a connection of `client`'s pool, each attempt given up after
    /// `limit` (see `withConnection(from:at:within:_:)`); run again, up to `attempts` times in
    /// all, after a serialization failure or a deadlock.
    package static func transaction<T: Sendable>(
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

    /// `body` on `connection`; once the call is cancelled (its deadline passed, or its caller
    /// gave up) the connection is closed, which fails a query in flight, and the call returns
    /// only once it is closed, so the connection goes back to its pool (or its owner) closed.
    private static func closingWhenCancelled<T: Sendable>(
        _ connection: PostgresConnection, _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let outcome: Result<T, any Error>
        do {
            outcome = .success(
                try await withTaskCancellationHandler {
                    try await body(connection)
                } onCancel: {
                    let _: EventLoopFuture<Void> = connection.close()
                })
        } catch {
            outcome = .failure(error)
        }
        if Task.isCancelled { try? await connection.closeFuture.get() }
        return try outcome.get()
    }

    /// The first of `call`'s answer, `limit` and the caller's cancellation. When the call is
    /// given up it is cancelled, and (`waitingForCall`) waited for up to `closingGrace` (see
    /// `withConnection(from:at:within:_:)`).
    private static func answer<T: Sendable>(
        of call: Task<Void, Never>, in race: CallRace<T>, within limit: Duration, at location: PostgresLocation, waitingForCall: Bool = true
    ) async throws(PostgresConnectionError) -> T {
        let timer = Task {
            try await Task.sleep(for: limit)
            race.settle(.failure(PostgresConnectionError.stalled(at: location, after: limit)))
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { race.wait($0) }
            } onCancel: {
                race.settle(.failure(CancellationError()))
            }
        } catch {
            call.cancel()
            if waitingForCall { await ended(call, within: closingGrace) }
            throw PostgresConnectionError(error, at: location)
        }
    }

    /// Waits for `task` to end, or for `limit`, whichever comes first; the task is not waited
    /// for beyond it (a task group would wait for it, however long).
    private static func ended(_ task: Task<Void, Never>, within limit: Duration) async {
        let race = CallRace<Void>()
        let waiter = Task {
            await task.value
            race.settle(.success(()))
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            race.settle(.success(()))
        }
        try? await withCheckedThrowingContinuation { race.wait($0) }
        waiter.cancel()
        timer.cancel()
    }
}

extension PostgresConnectionError {
    /// A call that got no answer within `limit`, given up.
    static func stalled(at location: PostgresLocation, after limit: Duration) -> PostgresConnectionError {
        var error = PostgresConnectionError(
            location: location.description, kind: .unreachable, reason: "no answer within \(limit.secondsText)",
            hint: "the server or the network stalled; the call was given up and its connection closed")
        error.stalled = true
        return error
    }
}

extension Duration {
    /// `2 s`, `0.5 s`: how messages say a deadline.
    var secondsText: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// The first of a call's result, its deadline and its caller's cancellation, handed to the one
/// waiting for it; the later ones are dropped.
final class CallRace<T: Sendable>: Sendable {
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
