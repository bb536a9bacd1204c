import TelltaleModel
import Yams

/// `capture:` and `expectations:`. Shapes and meaning: Docs/Verification.md.
extension PlanDecoder {
    // The keys each mapping of the two sections may have; Docs/Verification.md describes them.
    static let captureKeys = ["catalog", "sync"]
    static let expectationKeys = ["events", "forbid", "order", "strict"]
    static let expectedEventKeys = ["name", "params", "count"]
    static let eventSpecKeys = ["name", "params"]
    static let orderKeys = ["events", "gaps"]
    static let countKeys = ["atLeast", "atMost"]

    /// `capture: { catalog: events.yml, sync: true }`. Where `catalog` is written is kept, so a
    /// tracking plan that cannot be read is reported at that line of the plan.
    mutating func capture(_ node: Node, path: String) -> PlanCapture {
        var capture = PlanCapture()
        guard let mapping = mapping(node, path: path, example: "`capture: { catalog: Plans/events.yml }`") else { return capture }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.captureKeys)
        if let catalog = entries["catalog"] {
            capture.catalog = nonEmptyString(catalog, path: path.appendingKey("catalog"))
            capture.catalogLocation = capture.catalog.map { _ in catalog.location(in: file) }
        }
        if let sync = entries["sync"] {
            capture.sync = bool(sync, path: path.appendingKey("sync")) ?? false
        }
        return capture
    }

    /// The blocks in file order, one per key.
    mutating func expectations(_ node: Node, path: String) -> [TestExpectations] {
        let example = "`expectations: { MyTests.CartTests/testAdd: { events: [item_added] } }`"
        guard let mapping = mapping(node, path: path, example: example) else { return [] }
        var blocks: [TestExpectations] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.plainString, !key.trimmingWhitespace().isEmpty else {
                report(
                    "expected a test id or a /regex/ as the key, found \(keyNode.summary)", at: keyNode, path: path,
                    hint: "write `Module.Class/testMethod:` or `/^Module\\.Class\\//:`"
                )
                continue
            }
            let blockPath = path.appendingKey(key)
            guard let selector = selector(key, at: keyNode, path: blockPath) else { continue }
            if let block = expectationBlock(selector, value, key: keyNode, path: blockPath) { blocks.append(block) }
        }
        return blocks
    }

    /// `/…/` is a regex over ids; anything else a test id or an enclosing suite's id.
    private mutating func selector(_ key: String, at node: Node, path: String) -> TestSelector? {
        // More than `//`: an empty pattern would select every test.
        if key.count > 2, key.hasPrefix("/"), key.hasSuffix("/") {
            let pattern = String(key.dropFirst().dropLast())
            return checkedRegex(pattern, at: node, path: path) ? .pattern(pattern) : nil
        }
        // Every id starts with its module and a dot (`Shop.CartTests/testAdd`): a key without one
        // is a test or suite written without its module, which would select nothing.
        guard key.contains(".") else {
            report(
                "'\(key)' is not a test id", at: node, path: path,
                hint: "ids start with the module, as `swift test list` prints them: `MyTests.CartTests/testAdd`; "
                    + "write `/\(key)/` to match ids containing it"
            )
            return nil
        }
        return .id(key)
    }

    /// One key's block. An empty one (`Shop.Cart/testAdd:` with nothing below) is a
    /// problem: it would check nothing.
    private mutating func expectationBlock(_ selector: TestSelector, _ node: Node, key: Node, path: String) -> TestExpectations? {
        guard case .mapping(let mapping) = node, !mapping.isEmpty else {
            report(
                node.isNull || node.mappingIsEmpty ? "no expectations given" : "expected a mapping, found \(node.summary)",
                at: node.isNull ? key : node, path: path,
                hint: "give at least one of `events`, `forbid`, `order` or `strict: true`"
            )
            return nil
        }
        // At the key: an unmatched selector, and strict mode's failures, point there.
        var block = TestExpectations(selector, location: key.location(in: file))
        let entries = knownEntries(of: mapping, path: path, allowed: Self.expectationKeys)
        for (entryKey, value) in entries.ordered {
            let entryPath = path.appendingKey(entryKey)
            switch entryKey {
            case "events": block.events = list(value, path: entryPath) { decoder, item, itemPath in decoder.expectedEvent(item, path: itemPath) }
            case "forbid": block.forbid = list(value, path: entryPath) { decoder, item, itemPath in decoder.eventSpec(item, path: itemPath) }
            case "order": block.order = order(value, path: entryPath)
            case "strict": block.strict = bool(value, path: entryPath) ?? false
            // `knownEntries` let through only `expectationKeys`, so every key has a case above.
            default: assertionFailure("expectationKeys and expectationBlock disagree about `\(entryKey)`")
            }
        }
        return block
    }

    /// A list of items, or one item standing for a list of one (`forbid: checkout_error`).
    private mutating func list<Item>(
        _ node: Node, path: String, item: (inout PlanDecoder, Node, String) -> Item?
    ) -> [Item] {
        if node.isNull { return [] }
        // One item alone is read at the list's own path (`forbid`, not `forbid[0]`).
        guard case .sequence(let items) = node else { return item(&self, node, path).map { [$0] } ?? [] }
        var result: [Item] = []
        for (index, element) in items.enumerated() {
            if let decoded = item(&self, element, path.appendingIndex(index)) { result.append(decoded) }
        }
        return result
    }

    /// `name` alone, or `{ name, params, count }`.
    private mutating func expectedEvent(_ node: Node, path: String) -> EventExpectation? {
        guard let (spec, entries) = eventSpec(node, path: path, allowed: Self.expectedEventKeys) else { return nil }
        var expectation = EventExpectation(spec)
        if let countNode = entries?["count"] {
            expectation.count = count(countNode, path: path.appendingKey("count")) ?? .once
        }
        return expectation
    }

    /// `name` alone, or `{ name, params }`.
    mutating func eventSpec(_ node: Node, path: String) -> EventSpec? {
        eventSpec(node, path: path, allowed: Self.eventSpecKeys)?.spec
    }

    /// The spec, and the mapping's entries when it was written as one.
    private mutating func eventSpec(_ node: Node, path: String, allowed: [String]) -> (spec: EventSpec, entries: MappingEntries?)? {
        if let name = node.plainString {
            // `- checkout_started`: a name alone matches the event with any params.
            return (EventSpec(name: name, location: node.location(in: file)), nil)
        }
        guard case .mapping(let mapping) = node else {
            report(
                "expected an event name or `{ name: ..., params: ... }`, found \(node.summary)", at: node, path: path,
                hint: "write `- purchase_completed` or `- { name: purchase_completed, params: { currency: USD } }`"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: allowed)
        // A bad `name:` value was reported by `nonEmptyString`; a missing or null one is reported here.
        guard let nameNode = entries["name"], let name = nonEmptyString(nameNode, path: path.appendingKey("name")) else {
            if entries["name"] == nil || entries["name"]?.isNull == true {
                report(
                    "event has no `name`", at: entries["name"] ?? node, path: path.appendingKey("name"),
                    hint: "name the event: `name: purchase_completed`")
            }
            return nil
        }
        var spec = EventSpec(name: name, location: node.location(in: file))
        if let params = entries["params"] {
            spec.params = paramFields(params, path: path.appendingKey("params"))
        }
        return (spec, entries)
    }

    /// `count: 2` (exactly), or `{ atLeast: 1, atMost: 3 }`.
    private mutating func count(_ node: Node, path: String) -> EventCount? {
        if node.isNull { return nil }
        if case .mapping(let mapping) = node {
            let entries = knownEntries(of: mapping, path: path, allowed: Self.countKeys)
            let atLeast = entries["atLeast"].flatMap { count($0, path: path.appendingKey("atLeast"), minimum: 0) }
            let atMost = entries["atMost"].flatMap { count($0, path: path.appendingKey("atMost"), minimum: 0) }
            if entries["atLeast"] == nil && entries["atMost"] == nil {
                report("expected `atLeast` or `atMost`", at: node, path: path, hint: "write `count: { atLeast: 1 }`, or a number for an exact count")
                return nil
            }
            if let atLeast, let atMost, atMost < atLeast {
                report("`atMost` (\(atMost)) is less than `atLeast` (\(atLeast))", at: node, path: path, hint: "no count could satisfy both")
                return nil
            }
            // `atMost` alone allows none at all: `{ atMost: 2 }` is 0 to 2.
            return EventCount(minimum: atLeast ?? 0, maximum: atMost)
        }
        // `count: 0` is allowed: never with these params, a `forbid` that names the block's own event.
        return count(node, path: path, minimum: 0).map(EventCount.exactly)
    }

    /// A list of events (gaps allowed), or `{ events: [...], gaps: false }`.
    private mutating func order(_ node: Node, path: String) -> OrderExpectation? {
        if node.isNull { return nil }
        var eventsNode = node
        var eventsPath = path
        // The list alone (`order: [a, b]`) allows gaps; the mapping form says so itself.
        var gaps = true
        if case .mapping(let mapping) = node {
            let entries = knownEntries(of: mapping, path: path, allowed: Self.orderKeys)
            guard let events = entries["events"] else {
                report("an order needs `events`", at: node, path: path.appendingKey("events"), hint: "write `order: { events: [a, b], gaps: false }`")
                return nil
            }
            eventsNode = events
            eventsPath = path.appendingKey("events")
            if let gapsNode = entries["gaps"] { gaps = bool(gapsNode, path: path.appendingKey("gaps")) ?? true }
        }
        // Unlike `events` and `forbid`, one name alone is no order: it must be a list.
        guard case .sequence(let items) = eventsNode else {
            report(
                "expected a list of at least two events, found \(eventsNode.summary)", at: eventsNode, path: eventsPath,
                hint: "write `order: [checkout_started, purchase_completed]`"
            )
            return nil
        }
        // Every entry is decoded before the length is checked, so a bad entry is reported either way.
        let specs = list(eventsNode, path: eventsPath) { decoder, item, itemPath in decoder.eventSpec(item, path: itemPath) }
        // One event has no order: `events` says it must be sent.
        guard items.count >= 2 else {
            report("an order needs at least two events", at: eventsNode, path: eventsPath, hint: "use `events` to expect a single event")
            return nil
        }
        // An entry that failed leaves the order out: a shorter sequence would pass
        // what the plan does not say.
        return specs.count == items.count ? OrderExpectation(specs, gaps: gaps, location: node.location(in: file)) : nil
    }

    /// Reports a pattern that does not compile; true when it does.
    mutating func checkedRegex(_ pattern: String, at node: Node, path: String) -> Bool {
        do {
            _ = try Regex(pattern)
            return true
        } catch {
            report(
                "'\(pattern)' is not a valid regular expression (\(error))", at: node, path: path,
                hint: "escape characters meant literally with a backslash, e.g. `\\(` or `\\.`"
            )
            return false
        }
    }
}

extension Node {
    /// `{}`: a mapping written with nothing in it, which `isNull` does not cover.
    var mappingIsEmpty: Bool {
        if case .mapping(let mapping) = self { return mapping.isEmpty }
        return false
    }
}
