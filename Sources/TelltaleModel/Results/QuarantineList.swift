import Foundation

/// Applies a plan's quarantine entries to a run's results.
///
/// A quarantined test still runs, and keeps its real outcome; its failure just does not
/// fail the run. An entry whose `until` has passed no longer applies: the run says so.
package struct QuarantineList: Sendable {
    package var entries: [QuarantineEntry]

    package init(_ entries: [QuarantineEntry]) {
        self.entries = entries
    }

    /// The results with failing quarantined tests marked, and a note for each expired entry.
    package func apply(to results: [TestResult], on date: Date = Date()) -> (results: [TestResult], notes: [String]) {
        guard !entries.isEmpty else { return (results, []) }
        let active = entries.filter { !$0.isExpired(on: date) }
        let matchers = active.map { entry in (entry, Self.matcher(entry.test)) }
        var marked = results
        for index in marked.indices where marked[index].outcome.isFailure {
            if let (entry, _) = matchers.first(where: { $0.1(marked[index].id) }) {
                marked[index].quarantine = entry
            }
        }
        let notes = entries.filter { $0.isExpired(on: date) }.map { entry in
            let hits = results.filter { Self.matcher(entry.test)($0.id) }.count
            return "quarantine entry for `\(entry.test)` (owner \(entry.owner)) expired after \(entry.until): "
                + "its \(hits == 1 ? "test counts" : "\(hits) tests count") again; fix the test, or extend `until`"
        }
        return (marked, notes)
    }

    /// Whether an entry in force on `date` names `id`: its failure would not fail the run.
    package func excuses(_ id: TestID, on date: Date = Date()) -> Bool {
        entries.contains { !$0.isExpired(on: date) && Self.matcher($0.test)(id) }
    }

    /// `/regex/` matches anywhere in the id, as `--filter` does; anything else is an id,
    /// matched with or without a source-location suffix, and, when it names no variant, in
    /// every variant (`App.S/pay()` holds for `App.S/pay() [loggedOut]`; `App.S/pay() [loggedOut]`
    /// for that variant alone).
    static func matcher(_ test: String) -> @Sendable (TestID) -> Bool {
        if test.count > 1, test.hasPrefix("/"), test.hasSuffix("/"),
            let regex = try? Regex(String(test.dropFirst().dropLast()))
        {
            nonisolated(unsafe) let pattern = regex
            return { id in id.rawValue.contains(pattern) }
        }
        let namesVariant = TestID(test).variant != nil
        return { id in
            let candidate = namesVariant ? id : id.withoutVariant
            return candidate.rawValue == test || candidate.withoutSourceLocation.rawValue == test
        }
    }
}
