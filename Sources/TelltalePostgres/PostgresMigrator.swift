import Logging
import PostgresNIO

/// Versioned migrations in Telltale's schema (`telltale`), for one component of Telltale (the
/// history, later the queue): the versions applied are rows of `telltale.schema_migrations`,
/// a new Telltale adds a migration and never edits one that has shipped.
///
/// Safe when many machines start at once on a new database: each migrates in one transaction
/// that first takes a transaction-scoped advisory lock, so they take turns, and each one after
/// the first finds the versions applied and adds nothing. A database already up to date is
/// seen without the lock. A database a newer Telltale migrated further is used as it is
/// (migrations only add).
package struct PostgresMigrator: Sendable {
    package struct Migration: Sendable {
        package var version: Int
        package var name: String
        /// One statement each (the extended protocol takes one at a time).
        package var statements: [String]

        package init(version: Int, name: String, statements: [String]) {
            self.version = version
            self.name = name
            self.statements = statements
        }
    }

    /// The schema every Telltale table lives in, apart from a team's own tables.
    package static let schema = "telltale"
    /// `pg_advisory_xact_lock`'s key: "telltale" in ASCII, one lock for every component's migrations.
    static let lockKey: Int64 = 0x7465_6C6C_7461_6C65

    package var component: String
    package var migrations: [Migration]

    package init(component: String, migrations: [Migration]) {
        self.component = component
        self.migrations = migrations
    }

    /// Brings the database up to date on `connection`; returns the versions this call applied.
    @discardableResult
    package func migrate(_ connection: PostgresConnection, logger: Logger = PostgresConnector.quiet) async throws -> [Int] {
        // Up to date: no lock taken. `try?`: a new database has no `schema_migrations` yet; the
        // transaction below makes it.
        if let applied = try? await appliedVersions(connection, logger: logger), missing(applied).isEmpty { return [] }
        return try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
            // CREATE SCHEMA checks the right to create before IF NOT EXISTS: ask first, so a user
            // given a schema made by an administrator needs no right on the database.
            let schemas = try await connection.query("SELECT 1 FROM pg_namespace WHERE nspname = \(Self.schema)", logger: logger)
            if try await schemas.collect().isEmpty {
                try await connection.query("CREATE SCHEMA \(unescaped: Self.schema)", logger: logger)
            }
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS \(unescaped: Self.schema).schema_migrations (
                    component text NOT NULL,
                    version integer NOT NULL,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (component, version)
                )
                """, logger: logger)
            var applied: [Int] = []
            // Read again under the lock: another machine may have migrated while this one waited for it.
            for migration in missing(try await appliedVersions(connection, logger: logger)) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    """
                    INSERT INTO \(unescaped: Self.schema).schema_migrations (component, version, name)
                    VALUES (\(component), \(migration.version), \(migration.name))
                    """, logger: logger)
                applied.append(migration.version)
            }
            return applied
        }
    }

    /// The versions of this component the database has.
    package func appliedVersions(_ connection: PostgresConnection, logger: Logger = PostgresConnector.quiet) async throws -> Set<Int> {
        let rows = try await connection.query(
            "SELECT version FROM \(unescaped: Self.schema).schema_migrations WHERE component = \(component)", logger: logger)
        var versions: Set<Int> = []
        for try await version in rows.decode(Int.self) { versions.insert(version) }
        return versions
    }

    private func missing(_ applied: Set<Int>) -> [Migration] {
        migrations.filter { !applied.contains($0.version) }.sorted { $0.version < $1.version }
    }
}
