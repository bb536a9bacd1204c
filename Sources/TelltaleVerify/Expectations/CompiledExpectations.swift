import TelltaleModel

/// One `TestExpectations` block ready to run.
struct CompiledExpectations: Sendable {
    struct Expected: Sendable {
        let spec: CompiledSpec
        let count: EventCount
    }

    struct Order: Sendable {
        let specs: [CompiledSpec]
        let gaps: Bool
        let location: SourceLocation?
    }

    let source: TestExpectations
    let events: [Expected]
    let forbid: [CompiledSpec]
    let order: Order?

    init(_ block: TestExpectations, regexes: inout RegexCache) throws(VerificationError) {
        source = block
        let context = "expectations for \(block.selector)"
        var events: [Expected] = []
        for expectation in block.events {
            events.append(Expected(spec: try CompiledSpec(expectation.event, context: context, regexes: &regexes), count: expectation.count))
        }
        self.events = events
        var forbid: [CompiledSpec] = []
        for spec in block.forbid {
            forbid.append(try CompiledSpec(spec, context: "\(context), forbid", regexes: &regexes))
        }
        self.forbid = forbid
        if let order = block.order {
            var specs: [CompiledSpec] = []
            for spec in order.events {
                specs.append(try CompiledSpec(spec, context: "\(context), order", regexes: &regexes))
            }
            self.order = Order(specs: specs, gaps: order.gaps, location: order.location)
        } else {
            self.order = nil
        }
    }
}
