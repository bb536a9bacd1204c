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
            .init(
                version: 3, name: "re-run rounds, the build's branch and system, each machine's process, lease and end",
                statements: [
                    // round: how many times a drained build's failures were queued again (a CI retry each);
                    // the branch and system of the machine that filled it, for the build's record.
                    """
                    ALTER TABLE telltale.queue_build ADD COLUMN round integer NOT NULL DEFAULT 0,
                        ADD COLUMN git_branch text, ADD COLUMN operating_system text
                    """,
                    // process: a number each `telltale run` draws, so a second process under a live machine's
                    // name is told apart; lease_seconds: how long it counts as alive after it was last seen;
                    // finished_at: its run ended (its bisections and their findings included); round: the
                    // re-run round it joined in.
                    """
                    ALTER TABLE telltale.queue_machine ADD COLUMN process bigint, ADD COLUMN lease_seconds double precision,
                        ADD COLUMN finished_at timestamptz, ADD COLUMN round integer NOT NULL DEFAULT 0
                    """,
                ]),
            .init(
                version: 4, name: "what each machine captured, for the build's record",
                statements: [
                    // One row per `telltale run` process (a CI retry's run under the same name adds its own):
                    // its events and end-of-test verdicts as JSON arrays, and its package folder.
                    """
                    CREATE TABLE telltale.queue_capture (
                        build_id text NOT NULL REFERENCES telltale.queue_build (id) ON DELETE CASCADE,
                        machine text NOT NULL,
                        process bigint NOT NULL,
                        package_root text,
                        events text NOT NULL,                     -- the events, as events.jsonl has each
                        checked text NOT NULL,                    -- the tests checked as they ended, their verdicts
                        recorded_at timestamptz NOT NULL DEFAULT now(),
                        PRIMARY KEY (build_id, machine, process)
                    )
                    """
                ]),
            .init(
                version: 5, name: "machines arrived, before their build and listing, which size a reservation's share",
                statements: [
                    // A machine is there from its start: its row is written before the build it joins may exist
                    // (no reference to it), and `prune` removes old ones by their own date.
                    """
                    CREATE TABLE telltale.queue_arrival (
                        build_id text NOT NULL,
                        machine text NOT NULL,
                        workers integer NOT NULL,
                        arrived_at timestamptz NOT NULL DEFAULT now(),
                        PRIMARY KEY (build_id, machine)
                    )
                    """
                ]),
        ])
}
