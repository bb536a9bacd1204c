import TelltaleModel

/// Checks an `order:`: the specs must match events in sequence, with other events between
/// them (`gaps: true`) or back to back.
struct OrderCheck {
    let order: CompiledExpectations.Order
    /// The test's events in arrival order (`TestEvents.events`).
    let events: [Event]

    private var specs: [CompiledSpec] { order.specs }

    /// Nil when the order holds; else one `wrongOrder` failure at the plan's `order:`, with what
    /// went wrong, the ids of the events that did match, and the names the test sent (the first 20).
    func failure() -> VerificationFailure? {
        guard !specs.isEmpty else { return nil }
        let detail = order.gaps ? gappedFailure() : consecutiveFailure()
        return detail.map { detail, involved in
            let separator = order.gaps ? " → " : ", "
            let chain = specs.map(\.source.description).joined(separator: separator)
            let manner = order.gaps ? "in this order" : "back to back"
            return VerificationFailure(
                kind: .wrongOrder, event: nil,
                message: "wrong order: expected \(chain) \(manner); \(detail); the test sent \(sequence())",
                expectation: order.location, eventIDs: involved.map(\.id)
            )
        }
    }

    /// The earliest match of each spec after the previous one: if that fails, every way does.
    private func gappedFailure() -> (String, [Event])? {
        var matched: [Event] = []
        var next = 0
        var lastPosition = -1
        for position in events.indices where next < specs.count && specs[next].matches(events[position]) {
            matched.append(events[position])
            lastPosition = position
            next += 1
        }
        guard next < specs.count else { return nil }
        let missing = specs[next]
        // Not even the first entry matched: say whether its name was sent at all.
        guard let last = matched.last else { return (neverSent(missing), []) }
        var detail = "got \(Self.list(matched, with: specs)), then no \(missing.source) after #\(last.id)"
        // One sent before the last match means the event came, but out of order: say which.
        if let earlier = events[..<lastPosition].first(where: missing.matches) {
            detail += " (one was sent earlier: #\(earlier.id))"
        }
        return (detail, matched)
    }

    /// The longest run of consecutive matches from any start, for the message.
    private func consecutiveFailure() -> (String, [Event])? {
        var best: (start: Int, length: Int) = (0, 0)
        // Every start where the first entry matches is tried; a complete run anywhere means the
        // order holds, however many broken runs came before it.
        for start in events.indices where specs[0].matches(events[start]) {
            var length = 1
            while length < specs.count, start + length < events.count, specs[length].matches(events[start + length]) {
                length += 1
            }
            if length == specs.count { return nil }
            // Strictly longer: of runs of one length, the earliest is shown.
            if length > best.length { best = (start, length) }
        }
        guard best.length > 0 else { return (neverSent(specs[0]), []) }
        let run = Array(events[best.start..<best.start + best.length])
        let after = best.start + best.length
        let instead =
            after < events.count
            ? "then \(events[after].name) (#\(events[after].id)) instead of \(specs[best.length].source)"
            : "then nothing instead of \(specs[best.length].source)"
        return ("the longest run was \(Self.list(run, with: specs)), \(instead)", run)
    }

    /// Why an entry never matched: its name was sent with other params, or not at all.
    private func neverSent(_ spec: CompiledSpec) -> String {
        events.contains { $0.name == spec.name }
            ? "no \(spec.name) event matched \(spec.source)"
            : "\(spec.name) was never sent"
    }

    /// `checkout_started (#e1), payment_submitted (#e4)`.
    private static func list(_ events: [Event], with specs: [CompiledSpec]) -> String {
        events.map { "\($0.name) (#\($0.id))" }.joined(separator: ", ")
    }

    /// The names the test sent, in order, the first 20.
    private func sequence() -> String {
        guard !events.isEmpty else { return "no events" }
        let names = events.prefix(20).map(\.name).joined(separator: ", ")
        return events.count > 20 ? "\(names), … (\(events.count) events)" : names
    }
}
