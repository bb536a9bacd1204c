import TelltaleModel

/// A stored event that resembles what a wait asked for, with what differs.
public struct NearMiss: Codable, Sendable, Hashable {
    /// 0 (nothing alike) to 1 (a match).
    public var score: Double
    public var differences: [String]
    public var event: Event

    public init(score: Double, differences: [String], event: Event) {
        self.score = score
        self.differences = differences
        self.event = event
    }

    /// Ranks the events in the filter's scope by likeness to the filter's name and params.
    static func rank(_ events: [Event], against filter: EventFilter, limit: Int = 5) -> [NearMiss] {
        let misses: [NearMiss] = events.filter { filter.inScope($0) && !filter.matches($0) }.map { compare($0, with: filter) }
        let ranked = misses.sorted { (a: NearMiss, b: NearMiss) -> Bool in
            a.score != b.score ? a.score > b.score : a.event.id > b.event.id
        }
        return Array(ranked.prefix(limit))
    }

    static func compare(_ event: Event, with filter: EventFilter) -> NearMiss {
        var differences: [String] = []
        var nameScore = 1.0
        if let name = filter.name, name != event.name {
            nameScore = similarity(name, event.name)
            differences.append("name: expected \(name), got \(event.name)")
        }
        var paramScore = 1.0
        if !filter.params.isEmpty {
            var total = 0.0
            for key in filter.params.keys.sorted() {
                let expected = filter.params[key]!
                guard let actual = event.params[key] else {
                    differences.append("params.\(key): expected \(expected.compactText), missing")
                    continue
                }
                if actual == expected { total += 1; continue }
                differences.append("params.\(key): expected \(expected.compactText), got \(actual.compactText)")
                total += actual.typeName == expected.typeName ? 0.5 : 0.25
            }
            paramScore = total / Double(filter.params.count)
        }
        let score = filter.params.isEmpty ? nameScore : (nameScore + paramScore) / 2
        return NearMiss(score: (score * 1000).rounded() / 1000, differences: differences, event: event)
    }

    /// 1 − Levenshtein distance / longer length.
    static func similarity(_ a: String, _ b: String) -> Double {
        let a = Array(a), b = Array(b)
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return 1 - Double(previous[b.count]) / Double(longest)
    }
}
