import TelltaleModel

/// Finds the expectation blocks that apply to a test: ids and suite ids through a dictionary,
/// so 10,000 keyed tests cost a lookup each; only `/regex/` keys are tried one by one.
struct SelectorIndex: Sendable {
    /// Block indices by id key, test and suite ids alike (`Shop.CartTests`,
    /// `Shop.CartTests/testAdd`).
    private var byID: [String: [Int]] = [:]
    /// The UTF-8 lengths of the id keys: a suite prefix of another length cannot be one, so it
    /// is not built nor looked up.
    private var keyLengths: Set<Int> = []
    /// The `/regex/` keys compiled, each with its block's index: tried against every test.
    private var patterns: [(regex: CompiledRegex, block: Int)] = []

    init(_ blocks: [TestExpectations], regexes: inout RegexCache) throws(VerificationError) {
        for (index, block) in blocks.enumerated() {
            switch block.selector {
            case .id(let id):
                byID[id, default: []].append(index)
                keyLengths.insert(id.utf8.count)
            case .pattern(let pattern):
                patterns.append((try regexes.regex(pattern, context: "expectations key /\(pattern)/"), index))
            }
        }
    }

    /// Indices of the blocks selecting `test`, in plan order. A variant of a test
    /// (`Mod.S/pay() [loggedOut]`) is selected by its own id and by the test's.
    func blocks(for test: TestID) -> [Int] {
        var found = byID[test.rawValue] ?? []
        if test.variant != nil, let own = byID[test.withoutVariant.rawValue] { found += own }
        for suite in enclosingSuites(of: test) {
            if let blocks = byID[suite] { found += blocks }
        }
        for (regex, block) in patterns where regex.matches(test.rawValue) {
            found.append(block)
        }
        // Found kind by kind (own id, the test's id, suites, patterns): sorted back into plan
        // order, the order failures are listed in.
        return found.count > 1 ? found.sorted() : found
    }

    /// `TestID.enclosingSuiteIDs` (each prefix before a `/` after the module's dot), limited to
    /// the lengths some key has.
    private func enclosingSuites(of test: TestID) -> [String] {
        // Bytes rather than characters: `.` and `/` are ASCII, and the key lengths are byte counts too.
        let utf8 = test.rawValue.utf8
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")) else { return [] }
        var suites: [String] = []
        var index = utf8.index(after: dot)
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/"), keyLengths.contains(utf8.distance(from: utf8.startIndex, to: index)) {
                suites.append(String(test.rawValue[..<index]))
            }
            index = utf8.index(after: index)
        }
        return suites
    }
}
