import ArgumentParser
import Foundation
import TelltaleHistory
import TelltaleImport
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan

/// `telltale history runs|import|flaky`: the run history that `telltale run` keeps.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Read and fill the run history: past durations for scheduling, flaky scores.",
        discussion: """
            Every `telltale run` records its tests in .telltale/history.sqlite in the package (see --history \
            and the plan's `history:`), or in a PostgreSQL database a team shares (--history postgres://…, or \
            TELLTALE_HISTORY_URL). CI starts with an empty disk: use a shared database, import the previous \
            run's run.json or junit.xml first, or restore the file from a cache.
            """,
        subcommands: [Runs.self, Import.self, Flaky.self]
    )

    /// `--history` and `--package` as the `history` subcommands take them. Unlike `run`'s
    /// (`HistoryOption`), no plan is read: the default is the variable, else the file in the package.
    struct Location: ParsableArguments {
        @Option(
            help: """
                The history: a file, or a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE) \
                (default: TELLTALE_HISTORY_URL, else .telltale/history.sqlite in --package).
                """)
        var history: String?

        @Option(help: "The Swift package whose history this is.")
        /// Also where `history flaky --suggest` asks git for `user.email`.
        var package: String = Plan.defaultPackage

        /// `--history`, else `TELLTALE_HISTORY_URL`, else the file in the package.
        var value: String {
            if let history { return history }
            if let url = ProcessInfo.processInfo.environment[HistoryLocation.environmentVariable], !url.isEmpty { return url }
            return PlanHistory.defaultPath(package: package)
        }

        /// A value that is neither a path nor a usable PostgreSQL URL is exit 2 before anything opens.
        func validate() throws {
            do {
                _ = try HistoryLocation(value)
            } catch {
                throw ValidationError(error.description)
            }
        }

        /// The store, open for `body`; a file that must already exist is a usage error when
        /// missing, and a history that cannot be opened (exit 3) says why.
        func withStore<T>(mustExist: Bool, _ body: (HistoryStore) async throws -> T) async throws -> T {
            let location = try HistoryLocation(value)
            // Opening a missing file would create an empty history: the reading commands say so instead.
            if mustExist, case .file(let path) = location, !FileManager.default.fileExists(atPath: path) {
                Console.error("no history at \(path) yet: `telltale run` records one, or `telltale history import` an earlier run")
                throw ExitCode(TelltaleExitCode.usage)
            }
            return try await HistoryStore.withStore(at: location) { opened in
                switch opened {
                case .success(let store): return try await body(store)
                case .failure(let error):
                    Console.error(error.description)
                    throw ExitCode(TelltaleExitCode.infrastructure)
                }
            }
        }
    }

    /// `telltale history runs`: the newest runs, printed oldest first, and the newest coverage map.
    struct Runs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the most recent runs in the history, oldest first.")

        @OptionGroup var location: Location

        @Option(help: "How many runs to list.")
        var limit: Int = 20

        func validate() throws {
            if limit < 1 { throw ValidationError("--limit must be at least 1") }
        }

        func run() async throws {
            try await location.withStore(mustExist: true) { store in
                do {
                    let runs = try await store.listedRuns(limit: limit)
                    let count = try await store.runCount()
                    print("\(count) run\(count == 1 ? "" : "s") in \(store.location); the last \(runs.count):")
                    for listed in runs {
                        let run = listed.point
                        let when = run.startedAt.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
                        let commit = run.commit.map { " \($0.prefix(10))" } ?? ""
                        let branch = run.branch.map { " (\($0))" } ?? ""
                        // A line a run; its `#id` is what `telltale bisect --run` takes.
                        print(
                            "  #\(listed.id)  \(when)\(commit)\(branch)  \(run.passed) passed, \(run.failed) failed of \(run.tests)  "
                                + Self.seconds(run.duration) + Self.order(listed.order))
                    }
                    // So whoever runs `--changed --select tests` sees how old the map it selects by is.
                    if let map = try await store.latestCoverageMap() {
                        let maps = try await store.coverageMapCount()
                        let when = map.recordedAt.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
                        print(
                            "coverage map\(maps == 1 ? "" : "s"): \(maps); the newest \(when)\(map.commit.map { " \($0.prefix(10))" } ?? ""), "
                                + "\(map.tests) tests (used by --changed --select tests)")
                    }
                } catch {
                    // The store opened but a query failed: exit 3, as when it cannot be opened.
                    Console.error("\(error)")
                    throw ExitCode(TelltaleExitCode.infrastructure)
                }
            }
        }

        static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }

        /// `  seed 48213, 10 repetitions`; empty for a run in the usual order.
        static func order(_ order: RunOrder?) -> String {
            guard let order else { return "" }
            var parts = order.seed.map { ["seed \($0)"] } ?? []
            if order.repetitions > 1 { parts.append("\(order.repetitions) repetitions\(order.untilFailure ? " (until failure)" : "")") }
            return parts.isEmpty ? "" : "  " + parts.joined(separator: ", ")
        }
    }

    /// `telltale history import FILE...`: earlier runs into the history (`HistoryImport.run`), one
    /// file at a time in the order given.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add earlier runs to the history from their run.json or JUnit XML files, and coverage maps.",
            discussion: """
                A run already in the history is not added twice. A coverage-map.bin (from `telltale run --coverage-map`), \
                named or beside an imported run.json, is kept for `--changed --select tests`. \
                Exit status: 0 imported, 2 a file cannot be read.
                """
        )

        @OptionGroup var location: Location

        @Argument(help: "run.json, JUnit XML or coverage-map.bin files (or report folders holding a run.json), oldest first.")
        var files: [String]

        func run() async throws {
            // A report folder stands for its run.json; `HistoryImport` finds a coverage-map.bin beside it.
            let paths = files.map { path in
                var isFolder: ObjCBool = false
                let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                return folder ? "\(path)/run.json" : path
            }
            // Importing may start a history: a missing file is created.
            try await location.withStore(mustExist: false) { store in
                do {
                    for outcome in try await HistoryImport.run(files: paths, into: store) {
                        let kind = outcome.isCoverageMap ? "coverage map of \(outcome.tests) tests" : "\(outcome.tests) tests"
                        let what = outcome.added ? "imported \(kind)" : "already in the history, not added again"
                        print("\(outcome.path): \(what)")
                    }
                    let count = try await store.runCount()
                    print("history: \(store.location) (\(count) run\(count == 1 ? "" : "s"))")
                } catch let error as EarlierRunFile.EarlierRunFileError {
                    // A file that cannot be read is exit 2; the files before it stay imported, each run being its
                    // own transaction. A history that fails while writing is exit 3.
                    Console.error(error.localizedDescription)
                    throw ExitCode(TelltaleExitCode.usage)
                } catch let error as HistoryError {
                    Console.error(error.description)
                    throw ExitCode(TelltaleExitCode.infrastructure)
                }
            }
        }
    }
}
