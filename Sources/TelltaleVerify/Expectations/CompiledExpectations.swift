import TelltaleModel

/// One `TestExpectations` block ready to run.
struct CompiledExpectations: Sendable {
    /// An `events:` entry: its spec, and how many matching events `count` allows.
    struct Expected: Sendable {
        let spec: CompiledSpec
        let count: EventCount
    }

    /// An `order:`: its specs in sequence, whether other events may come between them, and where
    /// the plan writes it (a failure points there).
    struct Order: Sendable {
        let specs: [CompiledSpec]
        let gaps: Bool
        let location: SourceLocation?
    }

    /// The block as written: its selector names an unused key, and its `strict` turns on the
    /// check for unexpected events.
    let source: TestExpectations
    let events: [Expected]
    let forbid: [CompiledSpec]
    let order: Order?

    /// Compiles every spec of `block`. The context names the spec in the error of a regex that does
    /// not compile: `expectations for Shop.Cart/testAdd, forbid: checkout_error`.
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
