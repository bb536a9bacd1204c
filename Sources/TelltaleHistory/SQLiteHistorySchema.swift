import GRDB

/// The history file's tables, built by GRDB's migrator: a new Telltale adds a migration,
/// never edits one that has shipped, so every older file opens and upgrades in place.
enum SQLiteHistorySchema {
    /// Every migration, in the order they run. GRDB records the names applied in the file itself
    /// (`grdb_migrations`), so a shipped migration's name never changes either.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // `result` is stored in its primary key's order (`WITHOUT ROWID`), so a run's results lie
        // together; `result_by_test` serves each test's last results for the medians, and
        // `run_by_time` every list of the newest runs.
        migrator.registerMigration("v1: runs, tests, results") { db in
            try db.execute(
                sql: """
                    CREATE TABLE run (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        startedAt REAL NOT NULL,          -- seconds since 1970
                        duration REAL NOT NULL,           -- wall-clock seconds
                        gitCommit TEXT,
                        gitBranch TEXT,
                        dirty INTEGER NOT NULL DEFAULT 0, -- uncommitted changes: not comparable by commit
                        host TEXT,
                        plan TEXT,
                        shard TEXT,
                        source TEXT NOT NULL,             -- 'run' or 'import'
                        fingerprint TEXT NOT NULL UNIQUE, -- the same run is recorded once
                        tests INTEGER NOT NULL,
                        passed INTEGER NOT NULL,
                        failed INTEGER NOT NULL,
                        skipped INTEGER NOT NULL
                    );
                    CREATE INDEX run_by_time ON run(startedAt);
                    CREATE TABLE test (
                        id INTEGER PRIMARY KEY,
                        key TEXT NOT NULL UNIQUE,         -- suite/listedName, as run.json and JUnit both name it
                        suite TEXT NOT NULL,
                        testID TEXT NOT NULL              -- the last full id seen
                    );
                    CREATE TABLE result (
                        runId INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                        testId INTEGER NOT NULL REFERENCES test(id),
                        outcome TEXT NOT NULL,            -- the last attempt's
                        duration REAL NOT NULL,
                        attemptOutcomes TEXT,             -- retried tests: every attempt, oldest first, comma-separated
                        attemptDurations TEXT,
                        worker INTEGER,
                        quarantined INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (runId, testId)
                    ) WITHOUT ROWID;
                    CREATE INDEX result_by_test ON result(testId, runId);
                    """
            )
        }
        // Added columns are nullable: a run recorded before a migration reads as "not measured", not as zero.
        migrator.registerMigration("v2: line coverage per run") { db in
            try db.execute(
                sql: """
                    ALTER TABLE run ADD COLUMN coveredLines INTEGER;   -- NULL: the run measured no coverage
                    ALTER TABLE run ADD COLUMN coverableLines INTEGER;
                    """
            )
        }
        // A table of its own: a map comes from a `--coverage-map` run or an import of its file, and
        // only the newest few are kept (`HistoryStore.keptCoverageMaps`).
        migrator.registerMigration("v3: coverage maps") { db in
            try db.execute(
                sql: """
                    CREATE TABLE coverageMap (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recordedAt REAL NOT NULL,         -- seconds since 1970
                        gitCommit TEXT,                   -- HEAD when recorded
                        tests INTEGER NOT NULL,
                        data BLOB NOT NULL,               -- CoverageMap's binary form (TelltaleCoverage)
                        digest TEXT NOT NULL UNIQUE       -- the same map imported twice is kept once
                    );
                    """
            )
        }
        // What `telltale bisect --run RUN_ID` and the flaky causes across runs read back
        // (`ListedRun`, `StoredResult`).
        migrator.registerMigration("v4: order, placements, order dependencies, flaky causes") { db in
            try db.execute(
                sql: """
                    ALTER TABLE run ADD COLUMN seed INTEGER;            -- RunOrder: NULL when the run neither shuffled nor repeated
                    ALTER TABLE run ADD COLUMN repetitions INTEGER;
                    ALTER TABLE run ADD COLUMN untilFailure INTEGER;
                    ALTER TABLE result ADD COLUMN placements TEXT;     -- JSON, one object per attempt, oldest first (StoredAttempt)
                    ALTER TABLE result ADD COLUMN orderDependency TEXT; -- JSON (OrderDependency)
                    ALTER TABLE result ADD COLUMN flakyCause TEXT;     -- FlakyCause.Kind
                    ALTER TABLE result ADD COLUMN flakyEvidence TEXT;
                    """
            )
        }
        return migrator
    }
}
