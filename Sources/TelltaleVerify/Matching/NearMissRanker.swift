import TelltaleModel

/// Ranks a test's events by likeness to an expected event that never matched: events of the
/// same name first, then by the share of the expected params they match, then by how close
/// the name is (a typo such as `purchase_complete`), then earliest first.
enum NearMissRanker {
    static let limit = EventMatcher.nearestMissLimit

    /// `name` nil (a wait for any name) makes every event one of the expected name.
    static func closest(to spec: CompiledSpec, named name: String?, in events: [Event], limit: Int = limit) -> [ClosestEvent] {
        guard !events.isEmpty else { return [] }
        let fieldCount = spec.fields.count
        // `position` keeps the order of `events` (arrival order) for the last
        // tie-break: earliest first.
        let scored = events.enumerated().map { position, event in
            let sameName = name.map { event.name == $0 } ?? true
            return (
                event: event, position: position, sameName: sameName,
                matched: spec.matchedFieldCount(event),
                // Same-name events all rank alike here: among them only matched params and time decide.
                nameLikeness: sameName ? 1 : EditDistance.similarity(name ?? "", event.name)
            )
        }
        let ranked = scored.sorted { a, b in
            if a.sameName != b.sameName { return a.sameName }
            if a.matched != b.matched { return a.matched > b.matched }
            if a.nameLikeness != b.nameLikeness { return a.nameLikeness > b.nameLikeness }
            return a.position < b.position
        }
        // Differences are worked out only for the few events shown, as they build text.
        return ranked.prefix(limit).map { candidate in
            ClosestEvent(
                eventID: candidate.event.id, name: candidate.event.name, receivedAt: candidate.event.receivedAt,
                sameName: candidate.sameName, matchedParams: candidate.matched, paramCount: fieldCount,
                differences: spec.differences(candidate.event), params: candidate.event.params
            )
        }
    }
}
