/// Finds the allowed key an unknown key was probably meant to be.
enum KeySuggestion {
    /// The closest of `candidates`, or nil when none is close enough to be a
    /// plausible typo (`filters`, `enviroment`) or abbreviation (`env`, `retry`).
    static func closest(to key: String, in candidates: [String]) -> String? {
        let typed = Array(key.lowercased())
        let ranked = candidates.map { candidate -> (String, Int) in
            (candidate, editDistance(typed, Array(candidate.lowercased())))
        }
        let plausible = ranked.filter { candidate, distance in
            let sharedPrefix = zip(typed, candidate.lowercased()).prefix { $0 == $1 }.count
            return distance <= max(2, typed.count / 3) || sharedPrefix >= 3
        }
        return plausible.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var current = [i + 1]
            for (j, right) in rhs.enumerated() {
                let substitution = previous[j] + (left == right ? 0 : 1)
                current.append(min(substitution, previous[j + 1] + 1, current[j] + 1))
            }
            previous = current
        }
        return previous[rhs.count]
    }
}
