import TelltaleModel

/// Writes a plan as normalised YAML: every key of the key table (`PlanKey.all`), in its order,
/// with its default spelled out, so `telltale plan print` shows what a run will do, and
/// reading the output back gives an equal plan (source locations aside).
package struct PlanPrinter {
    /// The whole plan, each key's lines in `PlanKey.all`'s order, ending with a newline.
    package static func yaml(_ plan: Plan) -> String {
        PlanKey.all.flatMap { $0.print(plan) }.joined(separator: "\n") + "\n"
    }

    /// `false`, `true` (a fresh seed each run) or the seed.
    static func shuffle(_ shuffle: PlanShuffle) -> String {
        switch shuffle {
        case .off: "false"
        case .random: "true"
        case .seed(let seed): "\(seed)"
        }
    }

    /// `true` (beside the package), `false`, a path, or a database URL.
    static func history(_ history: PlanHistory) -> String {
        switch history {
        case .beside: "true"
        case .off: "false"
        case .file(let path): YAMLScalar.string(path)
        // Never the password: a plan's URL should not hold one (PGPASSWORD, ~/.pgpass), but may.
        case .database(let url): YAMLScalar.string(URLPassword.hidden(in: url))
        }
    }

    /// `quarantine:` and its entries, as a plan writes them (`history flaky --suggest` prints this).
    package static func quarantineYAML(_ entries: [QuarantineEntry]) -> String {
        quarantine(entries).joined(separator: "\n") + "\n"
    }

    /// The `quarantine:` block, each entry with its four keys, or `quarantine: []`.
    static func quarantine(_ entries: [QuarantineEntry]) -> [String] {
        guard !entries.isEmpty else { return ["quarantine: []"] }
        return ["quarantine:"]
            + entries.flatMap { entry in
                [
                    "  - test: \(YAMLScalar.string(entry.test))",
                    "    reason: \(YAMLScalar.string(entry.reason))",
                    "    owner: \(YAMLScalar.string(entry.owner))",
                    "    until: \(YAMLScalar.string(entry.until))",
                ]
            }
    }

    /// `coverage: false`, or the mapping with every key (reading a mapping back turns coverage on).
    static func coverage(_ coverage: PlanCoverage) -> [String] {
        guard coverage.enabled else { return ["coverage: false"] }
        func percent(_ value: Double?) -> String {
            guard let value else { return "null" }
            // `80`, not `80.0`, as a plan writes it.
            return value.rounded() == value ? String(Int(value)) : String(value)
        }
        return ["coverage:"] + list("include", coverage.include, indent: "  ") + list("exclude", coverage.exclude, indent: "  ")
            + ["  minimum: \(percent(coverage.minimum))", "  diffMinimum: \(percent(coverage.diffMinimum))", "  map: \(coverage.map)"]
    }

    /// Printed only when the plan has it: a plan without `xcode:` runs `swift test`.
    static func xcode(_ xcode: XcodeProject) -> [String] {
        let container: [String] =
            switch xcode.container {
            case .project(let path): ["  project: \(YAMLScalar.string(path))"]
            case .workspace(let path): ["  workspace: \(YAMLScalar.string(path))"]
            case .found: []
            }
        return ["xcode:"] + container
            + ["  scheme: \(YAMLScalar.string(xcode.scheme))", "  testPlan: \(YAMLScalar.optional(xcode.testPlan))"]
            + list("configurations", xcode.configurations, indent: "  ")
            + ["  destination: \(YAMLScalar.string(xcode.destination))", "  derivedData: \(YAMLScalar.string(xcode.derivedData))"]
            + list("buildArguments", xcode.buildArguments, indent: "  ")
    }

    /// One suite as a list item with every key written; `retries: ~` when the plan's apply.
    static func suite(_ suite: PlanSuite) -> [String] {
        let indent = "    "
        var lines = ["  - name: \(YAMLScalar.string(suite.name))"]
        lines += list("filter", suite.filter, indent: indent)
        lines += list("skip", suite.skip, indent: indent)
        lines += list("tags", suite.tags, indent: indent)
        lines += list("skipTags", suite.skipTags, indent: indent)
        lines.append(indent + "retries: \(YAMLScalar.optional(suite.retries))")
        lines += timeouts(suite.timeout, indent: indent)
        lines.append(indent + "serial: \(suite.serial)")
        lines += environment(suite.environment, indent: indent)
        lines += list("arguments", suite.arguments, indent: indent)
        lines += suite.variants.isEmpty ? [indent + "variants: []"] : [indent + "variants:"] + suite.variants.flatMap(variant)
        return lines
    }

    /// One variant as a list item under its suite's `variants:`.
    static func variant(_ variant: PlanVariant) -> [String] {
        let indent = "        "
        return ["      - name: \(YAMLScalar.string(variant.name))"] + environment(variant.environment, indent: indent)
            + list("arguments", variant.arguments, indent: indent)
    }

    /// `timeout:` with both keys, `~` for no limit.
    static func timeouts(_ timeouts: PlanTimeouts, indent: String) -> [String] {
        [
            indent + "timeout:",
            indent + "  test: \(YAMLScalar.optional(timeouts.test?.planFormat))",
            indent + "  run: \(YAMLScalar.optional(timeouts.run?.planFormat))",
        ]
    }

    /// `key:` and one `- item` a line, or `key: []`.
    static func list(_ key: String, _ values: [String], indent: String) -> [String] {
        guard !values.isEmpty else { return ["\(indent)\(key): []"] }
        return ["\(indent)\(key):"] + values.map { "\(indent)  - \(YAMLScalar.string($0))" }
    }

    /// Sorted, since dictionaries have no order and the output should be stable.
    static func environment(_ environment: [String: String], key: String = "environment", indent: String = "") -> [String] {
        guard !environment.isEmpty else { return ["\(indent)\(key): {}"] }
        return ["\(indent)\(key):"]
            + environment.sorted { $0.key < $1.key }.map {
                "\(indent)  \(YAMLScalar.string($0.key)): \(YAMLScalar.string($0.value))"
            }
    }
}
