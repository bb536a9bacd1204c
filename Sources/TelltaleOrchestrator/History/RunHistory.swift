import Foundation
import TelltaleCoverage
import TelltaleHistory
import TelltaleModel
import TelltalePlan
import TelltalePostgres

/// The run history as one run uses it: opened before the build, read for durations,
/// written when the run ends. Any problem with it is a warning: the run goes on without.
package struct RunHistory: Sendable {
    let store: HistoryStore?
    /// Why the history is not used, for the run's notes; nil when it is, or was turned off.
    let warning: String?

    static let disabled = RunHistory(store: nil, warning: nil)

    /// The run's history, open for `body` (a PostgreSQL history's connections last exactly as
    /// long); one that cannot be opened is a warning, and `body` goes on without it.
    static func withOpened<T, E: Error>(
        _ settings: RunSettings, progress: ConsoleProgress, _ body: (RunHistory) async throws(E) -> T
    ) async throws(E) -> T {
        guard let value = settings.history else { return try await body(.disabled) }
        return try await withOpened(value, what: "this run goes on without history", callTimeout: settings.postgresTimeout) { opened throws(E) in
            if case .failure(let warning) = opened { await progress.note(warning.description) }
            return try await body(RunHistory(opened))
        }
    }

    private init(_ opened: Result<HistoryStore, HistoryWarning>) {
        switch opened {
        case .success(let store): self.init(store: store, warning: nil)
        case .failure(let warning): self.init(store: nil, warning: warning.description)
        }
    }

    private init(store: HistoryStore?, warning: String?) {
        self.store = store
        self.warning = warning
    }

    /// A history that could not be used, as the run's notes and stderr say it.
    struct HistoryWarning: Error, LocalizedError, CustomStringConvertible {
        var errorDescription: String? { description }
        var description: String
    }

    /// The history named by `value` (a path or a PostgreSQL URL), open for `body`, or the
    /// warning (ending in `(what)`) that says why it cannot be had. Each call to a PostgreSQL
    /// history is given up after `callTimeout`.
    static func withOpened<T, E: Error>(
        _ value: String, what: String, callTimeout: Duration = PostgresConnector.defaultCallTimeout,
        _ body: (Result<HistoryStore, HistoryWarning>) async throws(E) -> T
    ) async throws(E) -> T {
        let location: HistoryLocation
        do {
            location = try HistoryLocation(value)
        } catch {
            return try await body(.failure(HistoryWarning(description: "warning: history \(error) (\(what))")))
        }
        return try await HistoryStore.withStore(at: location, callTimeout: callTimeout) { opened throws(E) in
            try await body(opened.mapError { HistoryWarning(description: "warning: \($0) (\(what))") })
        }
    }

    /// The warning a failed call gives, ending in `(consequence)`; nil when the call was not
    /// tried because an earlier one was given up (that one's warning said so).
    static func warning(_ error: HistoryError, _ consequence: String) -> String? {
        switch error.stall {
        case .earlierCall: nil
        case .thisCall: "warning: \(error) (\(consequence); the history is not used for the rest of this run)"
        case nil: "warning: \(error) (\(consequence))"
        }
    }

    /// The history of a run, as a path or a PostgreSQL URL: `option` (`--history`) beats
    /// `TELLTALE_HISTORY_URL`, which beats the plan's `history`; `noHistory` and `history: false`
    /// mean none (a plan that keeps no history is not turned back on by a CI-wide variable); by
    /// default the file beside `package`.
    package static func value(
        history: PlanHistory, option: String?, noHistory: Bool, package: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        if noHistory { return nil }
        if let option { return option }
        if case .off = history { return nil }
        if let url = environment[HistoryLocation.environmentVariable], !url.isEmpty { return url }
        switch history {
        case .off: return nil
        case .file(let value), .database(let value): return value
        case .beside: return PlanHistory.defaultPath(package: package)
        }
    }

    /// Each test's median duration over its recent runs; empty without history.
    func durations(progress: ConsoleProgress) async -> [String: Double] {
        guard let store else { return [:] }
        do {
            return try await store.durations()
        } catch {
            if let warning = Self.warning(error, "scheduling without past durations") { await progress.note(warning) }
            return [:]
        }
    }

    /// Tests to start first: those that failed last time (0), then recently flaky ones (1).
    func priorities(progress: ConsoleProgress) async -> [String: Int] {
        guard let store else { return [:] }
        do {
            return try await store.feedbackPriorities()
        } catch {
            if let warning = Self.warning(error, "no failing or flaky tests put first") { await progress.note(warning) }
            return [:]
        }
    }

    /// Where the history's runs passed tests after other tests, asked after the run for the
    /// tests that failed in every attempt (suspected brittle tests, `OrderSuspect.brittle`); nil
    /// without a history.
    func earlierPasses(progress: ConsoleProgress) -> (@Sendable ([TestID]) async -> [TestID: EarlierPass])? {
        guard let store else { return nil }
        return { tests in
            do throws(HistoryError) {
                return try await store.earlierPasses(of: tests)
            } catch {
                if let warning = Self.warning(error, "no failing test bisected over an earlier run's order") { await progress.note(warning) }
                return [:]
            }
        }
    }

    /// The tests the history has seen pass, keyed as `TestID.timingKey`: `--stress-new` counts
    /// the others as new. Nil when there is no history to tell new tests by (turned off,
    /// unreadable, or no run recorded yet): then no test is new by the history, or a fresh
    /// clone would stress every test it has.
    func testsThatPassed(progress: ConsoleProgress) async -> Set<String>? {
        guard let store else { return nil }
        do {
            guard try await store.runCount() > 0 else { return nil }
            return try await store.testsThatPassed()
        } catch {
            if let warning = Self.warning(error, "no test counts as new") { await progress.note(warning) }
            return nil
        }
    }

    /// Records the run, then reads back what its reports show; a note in the record when the
    /// history could not be written.
    ///
    /// A CI shard is read from but not recorded: every shard of a run must split the tests by
    /// the same durations, so shard 2 must not see what shard 1 just recorded, and a part of a
    /// run is not a run. `telltale merge --history` records the whole run once.
    func record(_ record: inout RunRecord, progress: ConsoleProgress) async {
        if let warning { record.notes.append(warning) }
        guard let store, record.shard == nil else { return }
        if let warning = await Self.record(&record, in: store, what: "this run") { await progress.note(warning) }
    }

    /// Keeps a run's coverage map, for `--changed --select tests`; a shard's (a part of the
    /// tests) is not kept, as a shard's run is not. A failure is a warning in the record's notes.
    func keep(_ map: CoverageMap, in record: inout RunRecord, progress: ConsoleProgress) async {
        guard let store, record.shard == nil else { return }
        do {
            try await store.saveCoverageMap(map.encoded(), recordedAt: map.recordedAt, commit: map.commit, tests: map.tests.count)
        } catch {
            guard let warning = Self.warning(error, "the coverage map was not kept") else { return }
            record.notes.append(warning)
            await progress.note(warning)
        }
    }

    /// The newest coverage map, with what it is for people (`abc12345, recorded 2026-11-25 23:10`);
    /// nil without one. A map this Telltale cannot read is a warning, and selection goes by target.
    func latestCoverageMap(progress: ConsoleProgress) async -> (map: CoverageMap, label: String)? {
        guard let store else { return nil }
        do {
            guard let stored = try await store.latestCoverageMap() else { return nil }
            let map = try CoverageMap(decoding: stored.data)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
            return (map, "\(map.commit.map { String($0.prefix(8)) } ?? "no commit"), recorded \(formatter.string(from: map.recordedAt)) UTC")
        } catch let error as HistoryError {
            if let warning = Self.warning(error, "selecting by target") { await progress.note(warning) }
            return nil
        } catch {
            await progress.note("warning: the history's coverage map cannot be used: \(error)")
            return nil
        }
    }

    /// `telltale merge --history PATH|URL`: the merged run recorded once, its trends in its reports.
    /// Returns the warning (also added to the record's notes) when the history could not be used.
    package static func recordMerged(_ record: inout RunRecord, history: String, callTimeout: Duration? = nil) async -> String? {
        await recordWhole(&record, history: history, what: "the merged run", callTimeout: callTimeout ?? PostgresConnector.defaultCallTimeout)
    }

    /// `telltale import xcresult`: the imported run recorded as a `telltale run` would be.
    package static func recordImported(_ record: inout RunRecord, history: String) async -> String? {
        await recordWhole(&record, history: history, what: "the imported run")
    }

    /// A whole run made outside `telltale run`, recorded once; the warning when the history could not be used.
    private static func recordWhole(
        _ record: inout RunRecord, history: String, what: String, callTimeout: Duration = PostgresConnector.defaultCallTimeout
    ) async -> String? {
        await withOpened(history, what: "\(what) was not recorded", callTimeout: callTimeout) { opened in
            switch opened {
            case .success(let store):
                return await Self.record(&record, in: store, what: what)
            case .failure(let warning):
                record.notes.append(warning.description)
                return warning.description
            }
        }
    }

    /// Records `record` and puts the digest its reports draw in it; a failure is a warning in its notes.
    private static func record(_ record: inout RunRecord, in store: HistoryStore, what: String) async -> String? {
        do {
            try await store.record(record)
            record.history = try await store.digest(for: record)
            return nil
        } catch {
            let warning = "warning: \(error) (\(what) was not recorded)"
            record.notes.append(warning)
            return warning
        }
    }
}
