import TelltaleModel

/// Finds the allowed key an unknown key was probably meant to be.
enum KeySuggestion {
    /// The closest of `candidates`, or nil when none is close enough to be a
    /// plausible typo (`filters`, `enviroment`) or abbreviation (`env`, `retry`).
    static func closest(to key: String, in candidates: [String]) -> String? {
        let typed = Array(key.lowercased())
        let ranked = candidates.map { candidate -> (String, Int) in
            (candidate, EditDistance.between(key.lowercased(), candidate.lowercased()))
        }
        // Near in edits (at most 2, or a third of a long key), or sharing its first three letters:
        // `env` → `environment`, `retry` → `retries`.
        let plausible = ranked.filter { candidate, distance in
            let sharedPrefix = zip(typed, candidate.lowercased()).prefix { $0 == $1 }.count
            return distance <= max(2, typed.count / 3) || sharedPrefix >= 3
        }
        // The fewest edits wins; of equals, the first in `candidates`, the order hints list keys in.
        return plausible.min { $0.1 < $1.1 }?.0
    }
}
