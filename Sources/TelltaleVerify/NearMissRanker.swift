import TelltaleModel

/// Ranks a test's events by likeness to an expected event that never matched: events of the
/// same name first, then by the share of the expected params they match, then by how close
/// the name is (a typo such as `purchase_complete`), then earliest first.
enum NearMissRanker {
    static let limit = 3

    static func closest(to spec: CompiledSpec, in events: [Event], limit: Int = limit) -> [ClosestEvent] {
        guard !events.isEmpty else { return [] }
        let fieldCount = spec.fields.count
        let scored = events.enumerated().map { position, event in
            let sameName = event.name == spec.name
            return (
                event: event, position: position, sameName: sameName,
                matched: spec.matchedFieldCount(event),
                nameLikeness: sameName ? 1 : similarity(spec.name, event.name)
            )
        }
        let ranked = scored.sorted { a, b in
            if a.sameName != b.sameName { return a.sameName }
            if a.matched != b.matched { return a.matched > b.matched }
            if a.nameLikeness != b.nameLikeness { return a.nameLikeness > b.nameLikeness }
            return a.position < b.position
        }
        return ranked.prefix(limit).map { candidate in
            ClosestEvent(
                eventID: candidate.event.id, name: candidate.event.name, receivedAt: candidate.event.receivedAt,
                sameName: candidate.sameName, matchedParams: candidate.matched, paramCount: fieldCount,
                differences: spec.differences(candidate.event), params: candidate.event.params
            )
        }
    }

    /// 1 − Levenshtein distance / longer length, over characters.
    static func similarity(_ a: String, _ b: String) -> Double {
        let a = Array(a), b = Array(b)
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return 1 - Double(previous[b.count]) / Double(longest)
    }
}
