extension VerificationReport {
    /// The shards' reports as one: tests and violations side by side, planned events
    /// counted across shards (a shard that never sent one does not make it unproduced).
    package static func merging(_ reports: [VerificationReport]) -> VerificationReport? {
        guard !reports.isEmpty else { return nil }
        var coverage: CatalogCoverage?
        for shard in reports.compactMap(\.coverage) {
            guard var merged = coverage else {
                coverage = shard
                continue
            }
            let counts = Dictionary(shard.events.map { ($0.name, $0.count) }, uniquingKeysWith: +)
            for index in merged.events.indices { merged.events[index].count += counts[merged.events[index].name] ?? 0 }
            coverage = merged
        }
        // A selector is unused only if no shard used it.
        let unused = reports.dropFirst().reduce(Set(reports[0].unusedSelectors)) { $0.intersection($1.unusedSelectors) }
        return VerificationReport(
            tests: reports.flatMap(\.tests).sorted { $0.test < $1.test },
            unattributed: reports.flatMap(\.unattributed),
            coverage: coverage,
            unusedSelectors: reports[0].unusedSelectors.filter(unused.contains),
            eventCount: reports.reduce(0) { $0 + $1.eventCount },
            unattributedEventCount: reports.reduce(0) { $0 + $1.unattributedEventCount }
        )
    }
}
