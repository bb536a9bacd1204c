import TelltaleModel

/// Checks one test's events against the expectation blocks that select it.
struct TestChecker {
    let events: TestEvents
    let blocks: [CompiledExpectations]

    /// Every failure of the test, block by block in plan order (each block's `events`, `forbid`,
    /// then `order`), then strict mode's unexpected events, once for all the blocks.
    func failures() -> [VerificationFailure] {
        var failures: [VerificationFailure] = []
        for block in blocks {
            for expected in block.events {
                if let failure = check(expected) { failures.append(failure) }
            }
            for spec in block.forbid {
                if let failure = check(forbidden: spec) { failures.append(failure) }
            }
            if let order = block.order, let failure = OrderCheck(order: order, events: events.events).failure() {
                failures.append(failure)
            }
        }
        if blocks.contains(where: \.source.strict) {
            failures += unexpectedEvents()
        }
        return failures
    }

    /// Nil when `count` allows the number of matching events. None matching is `missingEvent`, the
    /// test's events ranked as near misses; fewer than `count` wants is `wrongCount` with near misses
    /// from the events that did not match; too many is `wrongCount` with the matches' ids alone.
    private func check(_ expected: CompiledExpectations.Expected) -> VerificationFailure? {
        let spec = expected.spec
        let all = events.events
        // Only events of the spec's name can match, so only their params are checked.
        let named = events.positions(named: spec.name)
        let matchingPositions = named.filter { spec.matchesParams(all[$0]) }
        guard !expected.count.allows(matchingPositions.count) else { return nil }
        let matching = matchingPositions.map { all[$0] }
        let wanted = "\(spec.source) (\(expected.count))"
        if matching.isEmpty {
            let found =
                named.isEmpty
                ? "but no \(spec.name) event was sent (the test sent \(Self.count(events.events.count, "event")))"
                : "but none of the \(Self.count(named.count, "\(spec.name) event")) matched"
            return VerificationFailure(
                kind: .missingEvent, event: spec.name, message: "missing event: expected \(wanted), \(found)",
                expectation: spec.source.location, closest: NearMissRanker.closest(to: spec, named: spec.name, in: events.events)
            )
        }
        let matchedIDs = Set(matching.map(\.id))
        let closest =
            matching.count < expected.count.minimum
            ? NearMissRanker.closest(to: spec, named: spec.name, in: events.events.filter { !matchedIDs.contains($0.id) })
            : []
        return VerificationFailure(
            kind: .wrongCount, event: spec.name,
            message: "wrong count: expected \(wanted), found \(matching.count): \(Self.ids(matching))",
            expectation: spec.source.location, eventIDs: matching.map(\.id), closest: closest
        )
    }

    /// A `forbid` entry: one `forbiddenEvent` failure for every event that matches it, showing the
    /// first one's params (what made it forbidden).
    private func check(forbidden spec: CompiledSpec) -> VerificationFailure? {
        let all = events.events
        let sent = events.positions(named: spec.name).filter { spec.matchesParams(all[$0]) }.map { all[$0] }
        guard let first = sent.first else { return nil }
        return VerificationFailure(
            kind: .forbiddenEvent, event: spec.name,
            message: "forbidden event \(spec.source) was sent \(Self.count(sent.count, "time")): \(Self.ids(sent)); "
                + "first with params \(ValueText.params(first.params))",
            expectation: spec.source.location, eventIDs: sent.map(\.id)
        )
    }

    /// Strict mode: every event must match some `events` or `order` entry of a block that selects the test.
    private func unexpectedEvents() -> [VerificationFailure] {
        var expected: [String: [CompiledSpec]] = [:]
        for block in blocks {
            for spec in block.events.map(\.spec) + (block.order?.specs ?? []) {
                expected[spec.name, default: []].append(spec)
            }
        }
        // One failure per name, in order of first appearance: a test that sends 500 unexpected
        // `screen_view`s fails once, with a count.
        var unexpected: [String: [Event]] = [:]
        var names: [String] = []
        let all = events.events
        for position in all.indices where !(expected[all[position].name] ?? []).contains(where: { $0.matchesParams(all[position]) }) {
            let name = all[position].name
            if unexpected[name] == nil { names.append(name) }
            unexpected[name, default: []].append(all[position])
        }
        // At the first block that says `strict: true`: it is about all the blocks together.
        let location = blocks.first(where: \.source.strict)?.source.location
        return names.map { name in
            let sent = unexpected[name]!
            let why = expected[name] == nil ? "no expectation names it" : "its params match no expectation of that name"
            return VerificationFailure(
                kind: .unexpectedEvent, event: name,
                message: "unexpected event \(name) in strict mode (\(why)): sent \(Self.count(sent.count, "time")), "
                    + "\(Self.ids(sent)); first with params \(ValueText.params(sent[0].params))",
                expectation: location, eventIDs: sent.map(\.id)
            )
        }
    }

    /// `1 time`, `3 times`.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `#e1, #e2, #e3, … (12 in all)`: the first five ids.
    static func ids(_ events: [Event]) -> String {
        let shown = events.prefix(5).map { "#\($0.id)" }.joined(separator: ", ")
        return events.count > 5 ? "\(shown), … (\(events.count) in all)" : shown
    }
}
