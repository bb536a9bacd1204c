/// Levenshtein distance over characters: the one measure of how alike two names are, for
/// suggesting a plan key (`enviroment` → `environment`) and ranking near-miss events
/// (`purchase_complete` for `purchase_completed`).
package enum EditDistance {
    /// Insertions, deletions and substitutions that turn `a` into `b`.
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Two rows of the table, swapped after each character of `a`: memory in `b`'s length alone.
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// 1 − distance / the longer length: 1 for equal strings, 0 when nothing is shared.
    package static func similarity(_ a: String, _ b: String) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(between(a, b)) / Double(longest)
    }
}
