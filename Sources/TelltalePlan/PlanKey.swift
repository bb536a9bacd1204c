import TelltaleModel
import Yams

/// Every top-level key of a plan, how it is read and how `plan print` writes it: the one place a
/// key is registered. The keys a plan accepts (`PlanDecoder.planKeys`) are the keys it reads, and
/// the printer writes exactly these, in this order, so a new key cannot be read and then left
/// out of `telltale plan print` (whose output must read back as an equal plan).
struct PlanKey: Sendable {
    /// Reads the key's value into the plan, reporting problems through the decoder; `key` is
    /// the key path problems name.
    typealias Decode = @Sendable (_ decoder: inout PlanDecoder, _ value: Node, _ key: String, _ plan: inout Plan) -> Void

    /// The key as a plan writes it (`splitClasses`).
    let name: String
    let decode: Decode
    /// The key's lines in normalised YAML, its default spelled out; none where leaving the key
    /// out says it (`xcode:` is printed only when the plan has it: without it a run is `swift test`'s).
    let print: @Sendable (_ plan: Plan) -> [String]

    /// A key printed as one line: `name: value`.
    init(_ name: String, printed value: @escaping @Sendable (Plan) -> String, decode: @escaping Decode) {
        self.name = name
        self.decode = decode
        self.print = { ["\(name): \(value($0))"] }
    }

    /// A key printed as a block (a list, a mapping, or nothing).
    init(_ name: String, lines: @escaping @Sendable (Plan) -> [String], decode: @escaping Decode) {
        self.name = name
        self.decode = decode
        self.print = lines
    }
}

extension PlanKey {
    /// In the order `plan print` writes them: what selects the tests, how they run, what runs
    /// beside them, what a run keeps, then the analytics expectations (the longest, last).
    static let all: [PlanKey] = [
        // Checked, never stored: a plan of another version is a problem, not a plan read as version 1.
        PlanKey("version", printed: { "\($0.version)" }, decode: { decoder, value, _, _ in decoder.version(value) }),
        PlanKey(
            "name", printed: { YAMLScalar.string($0.name) },
            decode: { decoder, value, key, plan in
                // Nil (a bad or empty value) keeps the name taken from the file:
                // `Plans/smoke.yml` is `smoke`.
                plan.name = decoder.nonEmptyString(value, path: key) ?? plan.name
            }),
        PlanKey(
            "package", printed: { YAMLScalar.string($0.package) },
            decode: { decoder, value, key, plan in
                // Its position is kept: `PlanLoader` checks that it is a Swift package after
                // decoding, and reports there.
                decoder.positions[key] = TextPosition(value)
                plan.package = decoder.nonEmptyString(value, path: key) ?? plan.package
            }),
        PlanKey(
            "xctestplan", printed: { YAMLScalar.optional($0.xctestplan) },
            decode: { decoder, value, key, plan in
                // Imported once the whole plan is read (`PlanLoader`), so problems of the
                // import need this position too.
                decoder.positions[key] = TextPosition(value)
                plan.xctestplan = decoder.nonEmptyString(value, path: key)
            }),
        PlanKey(
            "filter", lines: { PlanPrinter.list("filter", $0.filter, indent: "") },
            decode: { decoder, value, key, plan in
                // Each must compile as a Swift regex: checked now, not when the run selects its tests.
                plan.filter = decoder.patterns(value, path: key)
            }),
        PlanKey(
            "skip", lines: { PlanPrinter.list("skip", $0.skip, indent: "") },
            decode: { decoder, value, key, plan in
                plan.skip = decoder.patterns(value, path: key)
            }),
        PlanKey(
            "tags", lines: { PlanPrinter.list("tags", $0.tags, indent: "") },
            decode: { decoder, value, key, plan in
                // `network` or `.network`, kept without the dot.
                plan.tags = decoder.tagNames(value, path: key)
            }),
        PlanKey(
            "skipTags", lines: { PlanPrinter.list("skipTags", $0.skipTags, indent: "") },
            decode: { decoder, value, key, plan in
                plan.skipTags = decoder.tagNames(value, path: key)
            }),
        PlanKey(
            "environment", lines: { PlanPrinter.environment($0.environment) },
            decode: { decoder, value, key, plan in
                plan.environment = decoder.stringMap(value, path: key)
            }),
        PlanKey(
            "arguments", lines: { PlanPrinter.list("arguments", $0.arguments, indent: "") },
            decode: { decoder, value, key, plan in
                // Given to the tests as `TELLTALE_TEST_ARGUMENTS`; an
                // `.xctestplan`'s arguments follow them.
                plan.arguments = decoder.strings(value, path: key).map(\.value)
            }),
        PlanKey(
            "retries", printed: { "\($0.retries)" },
            decode: { decoder, value, key, plan in
                // Written at all, even as `retries: 0`, it beats the retries an `.xctestplan` implies.
                decoder.retriesGiven = !value.isNull
                plan.retries = decoder.count(value, path: key, minimum: 0) ?? plan.retries
            }),
        PlanKey(
            "workers", printed: { YAMLScalar.optional($0.workers) },
            decode: { decoder, value, key, plan in
                // Nil (not written) leaves it to the orchestrator: the number of cores.
                plan.workers = decoder.count(value, path: key, minimum: 1)
            }),
        PlanKey(
            "lifecycle", printed: { YAMLScalar.optional($0.lifecycle?.rawValue) },
            decode: { decoder, value, key, plan in
                // Nil lets the run choose: `process` with a test-mode service or
                // expectations, else `none`.
                plan.lifecycle = decoder.choice(value, path: key, of: PlanLifecycle.self)
            }),
        PlanKey(
            "strict", printed: { "\($0.strict)" }, decode: { decoder, value, key, plan in plan.strict = decoder.bool(value, path: key) ?? false }),
        PlanKey(
            "splitClasses", printed: { "\($0.splitClasses)" },
            decode: { decoder, value, key, plan in
                plan.splitClasses = decoder.bool(value, path: key) ?? false
            }),
        PlanKey(
            "failOn", printed: { $0.failOn.rawValue },
            decode: { decoder, value, key, plan in
                // `any`: every failure fails the run; `new`: only those the change's base did not have.
                plan.failOn = decoder.choice(value, path: key, of: FailOn.self) ?? .any
            }),
        PlanKey(
            "timeout", lines: { PlanPrinter.timeouts($0.timeout, indent: "") },
            decode: { decoder, value, key, plan in
                plan.timeout = decoder.timeouts(value, path: key)
            }),
        PlanKey(
            "suites", lines: { $0.suites.isEmpty ? ["suites: []"] : ["suites:"] + $0.suites.flatMap(PlanPrinter.suite) },
            decode: {
                decoder, value, key, plan in plan.suites = decoder.suites(value, path: key)
            }),
        PlanKey(
            "services", lines: { PlanServicePrinter.lines($0.services) },
            decode: { decoder, value, key, plan in
                plan.services = decoder.services(value, path: key)
            }),
        PlanKey(
            "reports", lines: { ["reports:", "  dir: \(YAMLScalar.string($0.reports.dir))"] },
            decode: { decoder, value, key, plan in
                plan.reports = decoder.reports(value, path: key)
            }),
        PlanKey(
            "history", printed: { PlanPrinter.history($0.history) },
            decode: { decoder, value, key, plan in
                // `true`, `false`, a path or a `postgres://` URL; `plan print` hides a URL's password.
                plan.history = decoder.history(value, path: key)
            }),
        PlanKey(
            "postgresTimeout", printed: { YAMLScalar.optional($0.postgresTimeout?.planFormat) },
            decode: { decoder, value, key, plan in
                // Nil (not written): two minutes; `--postgres-timeout` overrides either.
                plan.postgresTimeout = decoder.duration(value, path: key)
            }),
        PlanKey(
            "quarantine", lines: { PlanPrinter.quarantine($0.quarantine) },
            decode: { decoder, value, key, plan in
                plan.quarantine = decoder.quarantine(value, path: key)
            }),
        PlanKey(
            "coverage", lines: { PlanPrinter.coverage($0.coverage) },
            decode: { decoder, value, key, plan in
                // `true`, `false` or a mapping; a mapping turns coverage on, so `plan print` writes
                // `false` or the whole mapping.
                plan.coverage = decoder.coverage(value, path: key)
            }),
        PlanKey(
            "changed", lines: { ["changed:", "  select: \($0.changed.select.rawValue)"] },
            decode: { decoder, value, key, plan in
                plan.changed = decoder.changed(value, path: key)
            }),
        PlanKey(
            "stress", lines: { ["stress:", "  new: \($0.stress.new)", "  onFlaky: \($0.stress.onFlaky.rawValue)"] },
            decode: {
                decoder, value, key, plan in plan.stress = decoder.stress(value, path: key)
            }),
        PlanKey(
            "shuffle", printed: { PlanPrinter.shuffle($0.shuffle) },
            decode: { decoder, value, key, plan in
                plan.shuffle = decoder.shuffle(value, path: key)
            }),
        PlanKey(
            "xcode", lines: { $0.xcode.map(PlanPrinter.xcode) ?? [] },
            decode: { decoder, value, key, plan in
                decoder.positions[key] = TextPosition(value)
                plan.xcode = decoder.xcode(value, path: key)
            }),
        PlanKey(
            "capture", lines: { ExpectationsPrinter.lines($0.capture) },
            decode: { decoder, value, key, plan in
                plan.capture = decoder.capture(value, path: key)
            }),
        PlanKey(
            "expectations", lines: { ExpectationsPrinter.lines($0.expectations) },
            decode: { decoder, value, key, plan in
                plan.expectations = decoder.expectations(value, path: key)
            }),
    ]
}
