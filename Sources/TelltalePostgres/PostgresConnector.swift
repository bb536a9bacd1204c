import Logging
import PostgresNIO

/// Connections to a PostgreSQL database, each on a lifecycle its caller's scope bounds
/// (structured concurrency: nothing outlives the call that opened it), every failure a
/// `PostgresConnectionError` that names the location without its password.
///
/// - `withConnection`: one connection for a short piece of work (checking the server, migrating),
///   closed after it. It fails at once with the server's or the network's reason, where the pool
///   would keep retrying for a minute.
/// - `withClient`: postgres-nio's pooled `PostgresClient`, its `run()` in a task group beside the
///   body and cancelled when the body returns; the pool reconnects with backoff when a connection
///   drops.
/// - `withConnection(from:at:within:_:)`: one call on a pooled connection, given up after a
///   deadline, its connection closed (a query waits for its answer whatever its task).
/// - `transaction`: a transaction on the pool, run again when the server rolled it back for a
///   serialization failure or a deadlock.
package enum PostgresConnector {
    /// Says nothing: postgres-nio's own messages would only repeat the errors the caller reports.
    package static let quiet = Logger(label: "telltale-postgres") { _ in SwiftLogNoOpLogHandler() }

    /// One connection of its own for `body`, closed after it.
    package static func withConnection<T>(
        to location: PostgresLocation, logger: Logger = quiet, isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> T
    ) async throws(PostgresConnectionError) -> T {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: location.connectionConfiguration(), id: Int.random(in: 1...Int.max), logger: logger)
        } catch {
            throw PostgresConnectionError(error, at: location)
        }
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw PostgresConnectionError(error, at: location)
        }
    }

    /// A pooled client that runs for exactly as long as `body`.
    package static func withClient<T, E: Error>(
        for location: PostgresLocation, logger: Logger = quiet, isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresClient) async throws(E) -> T
    ) async throws(E) -> T {
        let client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
        let result: Result<T, E> = await withTaskGroup(of: Void.self, isolation: isolation) { group in
            group.addTask { await client.run() }
            // When the body returns, `run()` is cancelled, which shuts the pool down and closes its connections.
            defer { group.cancelAll() }
            do throws(E) {
                return .success(try await body(client))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// `body` in one transaction on `client`; run again, up to `attempts` times in all, when the
    /// server rolled it back for a serialization failure or a deadlock (concurrent writers).
    package static func transaction<T: Sendable>(
        on client: PostgresClient, at location: PostgresLocation, logger: Logger = quiet, attempts: Int = 5,
        _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws(PostgresConnectionError) -> T {
        var attempt = 1
        while true {
            do {
                return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            } catch {
                let explained = PostgresConnectionError(error, at: location)
                guard explained.isRetryable, attempt < attempts else { throw explained }
                attempt += 1
                // A short pause, growing, so the transaction that won has finished.
                try? await Task.sleep(for: .milliseconds(5 * attempt * attempt))
            }
        }
    }
}
