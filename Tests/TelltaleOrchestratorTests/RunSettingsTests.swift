import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan
import TelltaleTestSupport
import Testing

/// Which of a flag, the environment and a plan key decides each of a run's settings: the
/// precedence table, one row a case, every row through `RunSettings.resolve` with the plan read
/// from YAML as a user writes it.
@Suite(.tags(.small))
struct RunSettingsTests {
    /// One row: a plan's extra lines, the environment, the flags, and what one setting becomes
    /// (as `String(describing:)` writes it, an optional's value or `nil`).
    struct Row: Sendable, CustomTestStringConvertible {
        let setting: String
        let plan: String
        let environment: [String: String]
        let expected: String
        let flags: @Sendable (inout RunOptions) -> Void

        var testDescription: String {
            "\(setting): plan \(plan.isEmpty ? "-" : plan), env \(environment.isEmpty ? "-" : "\(environment)") → \(expected)"
        }
    }

    static func row(
        _ setting: String, plan: String = "", environment: [String: String] = [:], expect expected: String,
        flags: @escaping @Sendable (inout RunOptions) -> Void = { _ in }
    ) -> Row {
        Row(setting: setting, plan: plan, environment: environment, expected: expected, flags: flags)
    }

    static let url = "postgres://ci@db/telltale"

    static let rows: [Row] = [
        row("workers", expect: "nil"),
        row("workers", plan: "workers: 3", expect: "3"),
        row("workers", expect: "5") { $0.workers = 5 },
        row("workers", plan: "workers: 3", expect: "5") { $0.workers = 5 },

        // The plan's retries stay with the plan (its suites may differ); only the flag overrides them all.
        row("retriesOverride", plan: "retries: 2", expect: "nil"),
        row("retriesOverride", plan: "retries: 2", expect: "0") { $0.retries = 0 },

        row("strict", expect: "false"),
        row("strict", plan: "strict: true", expect: "true"),
        row("strict", expect: "true") { $0.strict = true },

        row("coverage", expect: "false"),
        row("coverage", plan: "coverage: true", expect: "true"),
        row("coverage", plan: "coverage: true", expect: "false") { $0.coverage = false },
        row("coverage", expect: "true") { $0.coverage = true },
        row("coverageMap", plan: "coverage: true", expect: "false"),
        // A map is a coverage run, and `--no-coverage` turns the plan's map off too (the Xcode check once disagreed).
        row("coverage", plan: "coverage: { map: true }", expect: "true"),
        row("coverageMap", plan: "coverage: { map: true }", expect: "true"),
        row("coverage", plan: "coverage: { map: true }", expect: "false") { $0.coverage = false },
        row("coverageMap", plan: "coverage: { map: true }", expect: "false") { $0.coverage = false },
        row("coverage", expect: "true") { $0.coverageMap = true },
        row("coverageMap", expect: "true") { $0.coverageMap = true },

        row("select", expect: "targets"),
        row("select", plan: "changed: { select: tests }", expect: "tests"),
        row("select", plan: "changed: { select: tests }", expect: "targets") { $0.select = .targets },

        row("stressNew", expect: "0"),
        row("stressNew", plan: "stress: { new: 3 }", expect: "3"),
        row("stressNew", plan: "stress: { new: 3 }", expect: "0") { $0.stressNew = 0 },

        row("shuffle", expect: "off"),
        row("shuffle", plan: "shuffle: true", expect: "random"),
        row("shuffle", plan: "shuffle: true", expect: "off") { $0.shuffle = .off },
        row("shuffle", plan: "shuffle: 12", expect: "seed(7)") { $0.shuffle = .seed(7) },

        row("splitClasses", expect: "false"),
        row("splitClasses", plan: "splitClasses: true", expect: "true"),
        row("splitClasses", expect: "true") { $0.splitClasses = true },

        row("failOn", expect: "any"),
        row("failOn", plan: "failOn: new", expect: "new"),
        row("failOn", plan: "failOn: new", expect: "any") { $0.failOn = .any },

        row("postgresTimeout", expect: "120.0 seconds"),
        row("postgresTimeout", plan: "postgresTimeout: 30s", expect: "30.0 seconds"),
        row("postgresTimeout", plan: "postgresTimeout: 30s", expect: "5.0 seconds") { $0.postgresTimeout = .seconds(5) },

        row("reportDirectory", expect: "Reports"),
        row("reportDirectory", plan: "reports: { dir: Out }", expect: "Out"),
        row("reportDirectory", plan: "reports: { dir: Out }", expect: "Mine") { $0.reportDirectory = "Mine" },

        row("history", expect: "App/.telltale/history.sqlite"),
        row("history", plan: "history: runs.sqlite", expect: "runs.sqlite"),
        // A CI-wide variable beats the plan's file, and a flag beats the variable...
        row("history", plan: "history: runs.sqlite", environment: ["TELLTALE_HISTORY_URL": url], expect: url),
        row("history", environment: ["TELLTALE_HISTORY_URL": url], expect: "mine.sqlite") { $0.historyPath = "mine.sqlite" },
        // ...but does not turn back on a history the plan keeps none of; `--no-history` beats everything.
        row("history", plan: "history: false", environment: ["TELLTALE_HISTORY_URL": url], expect: "nil"),
        row("history", expect: "nil") {
            $0.noHistory = true
            $0.historyPath = "mine.sqlite"
        },
        // `--commit` runs in Telltale's worktree and keeps the history beside the user's package.
        row("history", expect: "Mine/.telltale/history.sqlite") { $0.historyPackage = "Mine" },

        row("bisectBudget", expect: "120.0 seconds"),
        row("bisectBudget", expect: "0.0 seconds") { $0.bisectBudget = .zero },
    ]

    /// A setting's value as the table writes it.
    static func value(of setting: String, in settings: RunSettings) -> String? {
        guard let value = Mirror(reflecting: settings).children.first(where: { $0.label == setting })?.value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        return mirror.children.first.map { String(describing: $0.value) } ?? "nil"
    }

    @Test(arguments: rows)
    func precedence(_ row: Row) throws {
        let plan = try PlanLoader().parse(yaml: "version: 1\npackage: App\n\(row.plan)\n", file: "telltale.yml")
        var options = RunOptions()
        row.flags(&options)
        let settings = RunSettings.resolve(options, plan: plan, environment: row.environment)
        #expect(Self.value(of: row.setting, in: settings) == row.expected)
    }

    /// Every setting has a row: a new one cannot skip the table.
    @Test func everySettingHasARow() {
        let settings = Mirror(reflecting: RunSettings.resolve(RunOptions(), plan: Plan.defaultPlan(package: "App"), environment: [:]))
        let names = settings.children.compactMap(\.label)
        let covered = Set(Self.rows.map(\.setting))
        #expect(Set(names).subtracting(covered).isEmpty, "settings without a row: \(Set(names).subtracting(covered).sorted())")
    }
}
