import TelltalePostgres

/// The shared history's tables in PostgreSQL, in Telltale's schema (`telltale.run`, …), the
/// SQLite file's tables in PostgreSQL's types: times as `timestamptz`, flags as `boolean`, the
/// coverage map as `bytea`. Versions are rows of `telltale.schema_migrations` (component
/// `history`); a new Telltale adds a migration, never edits one that has shipped.
enum PostgresHistorySchema {
    /// Run by `HistoryStore.withStore` on a connection of its own, before the pooled client starts.
    static let migrator = PostgresMigrator(
        component: "history",
        migrations: [
            .init(
                version: 1, name: "runs, tests, results, coverage maps",
                statements: [
                    """
                    CREATE TABLE telltale.run (
                        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        started_at timestamptz NOT NULL,
                        duration double precision NOT NULL,       -- wall-clock seconds
                        git_commit text,
                        git_branch text,
                        dirty boolean NOT NULL DEFAULT false,     -- uncommitted changes: not comparable by commit
                        host text,
                        plan text,
                        shard text,
                        source text NOT NULL,                     -- 'run' or 'import'
                        fingerprint text NOT NULL UNIQUE,         -- the same run is recorded once, however many machines send it
                        tests integer NOT NULL,
                        passed integer NOT NULL,
                        failed integer NOT NULL,
                        skipped integer NOT NULL,
                        covered_lines integer,                    -- NULL: the run measured no coverage
                        coverable_lines integer
                    )
                    """,
                    // Every list of runs reads `ORDER BY started_at DESC, id DESC LIMIT n`: this index, read backwards.
                    "CREATE INDEX run_by_time ON telltale.run (started_at, id)",
                    """
                    CREATE TABLE telltale.test (
                        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        key text NOT NULL UNIQUE,                 -- suite/listedName, as run.json and JUnit both name it
                        suite text NOT NULL,
                        full_id text NOT NULL                     -- the last full id seen
                    )
                    """,
                    // The primary key (run_id, test_id) serves reading a run's results.
                    // No foreign keys: every result is inserted joined to its run (inserted just before)
                    // and its test (inserted or found first, in the same transaction); checking each of
                    // a 10,000-test run's rows again took 220 of its 270 ms.
                    """
                    CREATE TABLE telltale.result (
                        run_id bigint NOT NULL,                   -- telltale.run (id)
                        test_id bigint NOT NULL,                  -- telltale.test (id)
                        outcome text NOT NULL,                    -- the last attempt's
                        duration double precision NOT NULL,
                        attempt_outcomes text,                    -- retried tests: every attempt, oldest first, comma-separated
                        attempt_durations text,
                        worker integer,
                        quarantined boolean NOT NULL DEFAULT false,
                        PRIMARY KEY (run_id, test_id)
                    )
                    """,
                    // Each test's last results (`recentDurations`), its rows in run order, without reading other tests'.
                    "CREATE INDEX result_by_test ON telltale.result (test_id, run_id)",
                    // A map whole, in its file form; `digest`'s unique index is what `ON CONFLICT (digest)` needs.
                    """
                    CREATE TABLE telltale.coverage_map (
                        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        recorded_at timestamptz NOT NULL,
                        git_commit text,                          -- HEAD when recorded
                        tests integer NOT NULL,
                        data bytea NOT NULL,                      -- CoverageMap's binary form (TelltaleCoverage)
                        digest text NOT NULL UNIQUE               -- the same map imported twice is kept once
                    )
                    """,
                ]),
            .init(
                // Added columns are nullable: results recorded before version 2 read as having no placements,
                // order dependency or cause.
                version: 2, name: "order, placements, order dependencies, flaky causes",
                statements: [
                    // RunOrder: NULL when the run neither shuffled nor repeated.
                    "ALTER TABLE telltale.run ADD COLUMN seed bigint, ADD COLUMN repetitions integer, ADD COLUMN until_failure boolean",
                    // Placements: JSON, one object per attempt, oldest first (StoredAttempt); the
                    // order dependency as JSON (OrderDependency); the flaky cause's kind and evidence.
                    """
                    ALTER TABLE telltale.result ADD COLUMN placements text, ADD COLUMN order_dependency text,
                        ADD COLUMN flaky_cause text, ADD COLUMN flaky_evidence text
                    """,
                ]),
        ])
}
