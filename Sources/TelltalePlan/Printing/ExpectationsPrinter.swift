import TelltaleModel

/// The `capture` and `expectations` sections of a printed plan, every default spelled out:
/// each event as `{ name, params, count }`, each order as `{ events, gaps }`.
enum ExpectationsPrinter {
    /// `capture:` with both keys, `catalog: ~` when there is none.
    static func lines(_ capture: PlanCapture) -> [String] {
        ["capture:", "  catalog: \(YAMLScalar.optional(capture.catalog))", "  sync: \(capture.sync)"]
    }

    /// `expectations: {}` when there are none, else each block under its key, in plan order.
    static func lines(_ expectations: [TestExpectations]) -> [String] {
        guard !expectations.isEmpty else { return ["expectations: {}"] }
        return ["expectations:"] + expectations.flatMap(block)
    }

    /// One key's block with all four keys written: `events: []`, `forbid: []` and
    /// `order: ~` where the plan has none.
    private static func block(_ block: TestExpectations) -> [String] {
        let indent = "    "
        var lines = ["  \(YAMLScalar.string(block.selector.description)):"]
        if block.events.isEmpty {
            lines.append(indent + "events: []")
        } else {
            lines.append(indent + "events:")
            lines += block.events.flatMap { expectation in
                // `count` joins the spec's mapping, under its `- name:`.
                spec(expectation.event, indent: indent + "  ") + [indent + "    count: \(count(expectation.count))"]
            }
        }
        lines += specs("forbid", block.forbid, indent: indent)
        if let order = block.order {
            lines.append(indent + "order:")
            lines += specs("events", order.events, indent: indent + "  ")
            lines.append(indent + "  gaps: \(order.gaps)")
        } else {
            lines.append(indent + "order: ~")
        }
        lines.append(indent + "strict: \(block.strict)")
        return lines
    }

    /// `key:` and one spec a list item, or `key: []`.
    private static func specs(_ key: String, _ specs: [EventSpec], indent: String) -> [String] {
        guard !specs.isEmpty else { return [indent + "\(key): []"] }
        return [indent + "\(key):"] + specs.flatMap { spec($0, indent: indent + "  ") }
    }

    /// A list item `- name: …` with its `params`, one parameter a line.
    private static func spec(_ spec: EventSpec, indent: String) -> [String] {
        var lines = [indent + "- name: \(YAMLScalar.string(spec.name))"]
        guard !spec.params.isEmpty else { return lines + [indent + "  params: {}"] }
        lines.append(indent + "  params:")
        lines += spec.params.map { field in
            indent + "    \(ParamMatcherPrinter.key(for: field.path, nested: false)): \(ParamMatcherPrinter.flow(field.matcher))"
        }
        return lines
    }

    /// An exact count as a number, any other as both bounds (`~`: none).
    private static func count(_ count: EventCount) -> String {
        if count.maximum == count.minimum { return "\(count.minimum)" }
        return "{ atLeast: \(count.minimum), atMost: \(YAMLScalar.optional(count.maximum)) }"
    }
}
