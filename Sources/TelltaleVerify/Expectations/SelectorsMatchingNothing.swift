import TelltaleModel

/// An expectations key that selects none of the package's tests: a typo, a renamed test, or a
/// Swift Testing test written without its `()`. Its checks would never run, so a run says so
/// before anything starts: a warning, or an error under `strict`.
package struct UnmatchedSelector: Sendable, Equatable, CustomStringConvertible {
    package var selector: TestSelector
    /// Where the plan writes the key.
    package var location: SourceLocation?
    /// The listed test or suite id nearest to an id key, when one is near enough to be meant.
    package var suggestion: String?

    /// `Plans/app.yml:12:3: expectations for DemoShopTests.CheckoutTests/pays select no test;
    /// did you mean `DemoShopTests.CheckoutTests/pays()`?`
    package var description: String {
        let place = location.map { "\($0): " } ?? ""
        let nearest = suggestion.map { "; did you mean `\($0)`?" } ?? " (no listed test id is near it; `swift test list` shows them)"
        return "\(place)expectations for \(selector) select no test of the package\(nearest)"
    }
}

extension Verifier {
    /// The expectation keys that select none of `tests` (every test the package lists, not only
    /// those a filter kept), each with the nearest listed test or suite id for an id key.
    package func selectorsMatchingNothing(in tests: [TestID]) -> [UnmatchedSelector] {
        var used = Set<Int>()
        for test in tests { used.formUnion(selectorBlocks(for: test)) }
        let unused = expectationBlocks.indices.filter { !used.contains($0) }
        guard !unused.isEmpty else { return [] }
        // Suite ids too: a key may name a suite (`Shop.CartTests`), and what it was meant
        // to be is then a suite's id.
        let candidates = Array(Set(tests.flatMap { [$0.rawValue] + $0.enclosingSuiteIDs }))
        return unused.map { index in
            let block = expectationBlocks[index]
            var suggestion: String?
            if case .id(let id) = block.selector {
                suggestion = Self.nearest(id, among: candidates)
            }
            return UnmatchedSelector(selector: block.selector, location: block.location, suggestion: suggestion)
        }
    }

    /// The candidate at the least edit distance, if it is within a third of the key's length
    /// (`pays` → `pays()` is 2 edits; an unrelated id is many more).
    static func nearest(_ key: String, among candidates: [String]) -> String? {
        // Never below 3 edits, so a short key is still matched to its id with `()` and a letter more.
        let limit = max(3, key.count / 3)
        var best: (id: String, distance: Int)?
        // Lengths further apart than the limit take more edits than it allows: no distance to work out.
        for candidate in candidates where abs(candidate.count - key.count) <= limit {
            let distance = EditDistance.between(key, candidate)
            // Ties go to the smaller id, so the suggestion does not depend on the order of
            // `candidates`, which come from a set.
            if distance <= limit, distance < best?.distance ?? .max || (distance == best?.distance && candidate < best!.id) {
                best = (candidate, distance)
            }
        }
        return best?.id
    }
}
