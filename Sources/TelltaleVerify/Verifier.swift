import TelltaleModel

/// Checks captured events against a plan's expectations and the tracking plan. Pure and
/// `Sendable`: build it once per run (regexes compile here), then call `verify` from anywhere.
///
///     let verifier = try Verifier(expectations: plan.expectations, catalog: catalog)
///     let report = verifier.verify(events: record.events, tests: record.tests.map(\.id))
package struct Verifier: Sendable {
    /// The plan's expectation blocks compiled, in plan order; `SelectorIndex`
    /// hands out indices into it.
    private let blocks: [CompiledExpectations]
    /// Which blocks select a given test id.
    private let selectors: SelectorIndex
    /// The tracking plan compiled; nil when the plan names none, and then no
    /// event is checked against one.
    private let catalog: CatalogChecker?
    /// The plan's expectation blocks as written, in plan order.
    let expectationBlocks: [TestExpectations]

    /// Throws when a regular expression does not compile (a loaded plan has been checked already).
    package init(expectations: [TestExpectations], catalog: EventCatalog? = nil) throws(VerificationError) {
        // One cache for every block and key: 10,000 expectations often repeat a handful of patterns.
        var regexes = RegexCache()
        var blocks: [CompiledExpectations] = []
        blocks.reserveCapacity(expectations.count)
        for block in expectations {
            blocks.append(try CompiledExpectations(block, regexes: &regexes))
        }
        self.blocks = blocks
        expectationBlocks = expectations
        selectors = try SelectorIndex(expectations, regexes: &regexes)
        self.catalog = try catalog.map { (catalog) throws(VerificationError) in try CatalogChecker(catalog) }
    }

    /// Verifies a whole run. `events` are every captured event (each attributed through its
    /// `test`, or to none); `tests` the tests that ran, so one that sent nothing is still checked.
    package func verify(events: [Event], tests: [TestID] = []) -> VerificationReport {
        // Events grouped by test once, so each test's checks read only its own. An event without a
        // test is counted and checked against the tracking plan, but no expectation can be about it.
        var byTest: [TestID: [Event]] = [:]
        var unattributed = 0
        for index in events.indices {
            if let test = events[index].test { byTest[test, default: []].append(events[index]) } else { unattributed += 1 }
        }
        // A test that sent nothing is still checked: an expected event it never sent is its failure.
        for test in tests where byTest[test] == nil { byTest[test] = [] }

        var violations: [TestID?: [CatalogViolation]] = [:]
        var coverage: CatalogCoverage?
        if let catalog {
            (violations, coverage) = check(events, against: catalog)
        }
        // Which blocks selected some test of the run; the others are the report's `unusedSelectors`.
        var used = Array(repeating: false, count: blocks.count)
        // Sorted by id, so the report does not follow a dictionary's order from one run to the next.
        let results = byTest.keys.sorted().map { test in
            let selected = selectors.blocks(for: test)
            for block in selected { used[block] = true }
            var result = verify(test: test, events: byTest[test]!, blocks: selected)
            result.violations = violations[test] ?? []
            return result
        }
        return VerificationReport(
            tests: results, unattributed: violations[nil] ?? [], coverage: coverage,
            unusedSelectors: zip(blocks, used).filter { !$1 }.map { $0.0.source.selector.description },
            eventCount: events.count, unattributedEventCount: unattributed
        )
    }

    /// Verifies one test, as a lifecycle's end does: every event given is taken as the test's,
    /// whatever its `test` says, and is checked against the tracking plan too.
    package func verify(test: TestID, events: [Event]) -> TestVerification {
        var result = verify(test: test, events: events, blocks: selectors.blocks(for: test))
        if let catalog {
            var collector = ViolationCollector()
            var scratch = catalog.scratch()
            // The violations are the test's, whatever the
            // event's own tag says, as the checks above are.
            for var event in events {
                event.test = test
                catalog.check(event, scratch: &scratch, into: &collector)
            }
            result.violations = collector.violations
        }
        return result
    }

    /// Indices of the expectation blocks that select `test`.
    func selectorBlocks(for test: TestID) -> [Int] {
        selectors.blocks(for: test)
    }

    /// `test`'s events against the blocks at `selected`; a test no block selects has no
    /// failures, only its event count.
    private func verify(test: TestID, events: [Event], blocks selected: [Int]) -> TestVerification {
        guard !selected.isEmpty else { return TestVerification(test: test, eventCount: events.count) }
        let checker = TestChecker(events: TestEvents(events), blocks: selected.map { blocks[$0] })
        return TestVerification(test: test, eventCount: events.count, failures: checker.failures())
    }

    /// Every event against the plan, violations grouped by test; and how often each planned event came.
    private func check(_ events: [Event], against catalog: CatalogChecker) -> ([TestID?: [CatalogViolation]], CatalogCoverage) {
        var collector = ViolationCollector()
        var scratch = catalog.scratch()
        var counts: [String: Int] = [:]
        for index in events.indices {
            catalog.check(events[index], scratch: &scratch, into: &collector)
            // Every event counts for coverage, attributed or not: coverage is by name, whoever sent it.
            counts[events[index].name, default: 0] += 1
        }
        let byTest = Dictionary(grouping: collector.violations, by: \.test)
        let coverage = CatalogCoverage(events: catalog.plannedNames.map { .init(name: $0, count: counts[$0] ?? 0) })
        return (byTest, coverage)
    }
}
