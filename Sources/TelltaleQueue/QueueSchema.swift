import TelltalePostgres

/// Queue mode's tables in Telltale's schema (component `queue` of `telltale.schema_migrations`):
/// a build, its units of work with their leases, the results acknowledged, the machines that
/// took part and the notes (lapsed leases, late results, re-runs). Leases are times of the
/// database's clock (`now()`), never a machine's.
enum QueueSchema {
    static let migrator = PostgresMigrator(
        component: "queue",
        migrations: [
            .init(
                version: 1, name: "builds, units, results, machines, notes",
                statements: [
                    """
                    CREATE TABLE telltale.queue_build (
                        id text PRIMARY KEY,                      -- --build, or the CI's run
                        listing_digest text NOT NULL,             -- every machine must list the same tests
                        filled_by text NOT NULL,                  -- the machine that filled the queue
                        git_commit text,
                        filled_at timestamptz NOT NULL DEFAULT now(),
                        tests integer NOT NULL,
                        next_unit integer NOT NULL                -- the id the next unit (a retry) gets
                    )
                    """,
                    """
                    CREATE TABLE telltale.queue_unit (
                        build_id text NOT NULL REFERENCES telltale.queue_build (id) ON DELETE CASCADE,
                        id integer NOT NULL,
                        framework text NOT NULL,
                        serial boolean NOT NULL,
                        tests text NOT NULL,                      -- test ids, one a line
                        estimated_seconds double precision NOT NULL,
                        attempt integer NOT NULL,                 -- 1, or a retry's (or a re-run's) attempt
                        state text NOT NULL,                      -- 'pending', 'leased' or 'done'
                        lease_holder text,                        -- the machine holding it (or that finished it)
                        lease_token bigint,                       -- this reservation's: an acknowledgement needs it
                        lease_expires_at timestamptz,             -- the database's clock
                        avoid_machine text,                       -- a retry: another machine takes it when one is free
                        queued_at timestamptz NOT NULL DEFAULT now(),
                        PRIMARY KEY (build_id, id)
                    )
                    """,
                    "CREATE INDEX queue_unit_open ON telltale.queue_unit (build_id, estimated_seconds DESC) WHERE state <> 'done'",
                    """
                    CREATE TABLE telltale.queue_result (
                        build_id text NOT NULL REFERENCES telltale.queue_build (id) ON DELETE CASCADE,
                        test text NOT NULL,
                        attempt integer NOT NULL,
                        unit_id integer NOT NULL,
                        machine text NOT NULL,
                        outcome text NOT NULL,
                        result text NOT NULL,                     -- the TestResult as run.json has it, output capped
                        recorded_at timestamptz NOT NULL DEFAULT now(),
                        PRIMARY KEY (build_id, test, attempt)     -- a second acknowledgement is a no-op
                    )
                    """,
                    """
                    CREATE TABLE telltale.queue_machine (
                        build_id text NOT NULL REFERENCES telltale.queue_build (id) ON DELETE CASCADE,
                        machine text NOT NULL,
                        git_commit text,
                        joined_at timestamptz NOT NULL DEFAULT now(),
                        last_seen timestamptz NOT NULL DEFAULT now(),
                        PRIMARY KEY (build_id, machine)
                    )
                    """,
                    """
                    CREATE TABLE telltale.queue_note (
                        build_id text NOT NULL REFERENCES telltale.queue_build (id) ON DELETE CASCADE,
                        noted_at timestamptz NOT NULL DEFAULT now(),
                        machine text NOT NULL,
                        text text NOT NULL
                    )
                    """,
                    "CREATE INDEX queue_note_by_build ON telltale.queue_note (build_id, noted_at)",
                ]),
            .init(
                version: 2, name: "each machine's workers, which size a reservation's share",
                statements: ["ALTER TABLE telltale.queue_machine ADD COLUMN workers integer NOT NULL DEFAULT 1"]),
        ])
}
