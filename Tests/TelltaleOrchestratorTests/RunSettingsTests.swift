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
    /// One row: a plan's extra lines, the flags, the environment, and what one setting becomes.
    struct Row: Sendable, CustomTestStringConvertible {
        let setting: String
        let plan: String
        let flags: @Sendable (inout RunOptions) -> Void
        let environment: [String: String]
        let expected: String
        let read: @Sendable (RunSettings) -> String

        var testDescription: String {
            "\(setting): plan \(plan.isEmpty ? "-" : plan.replacingOccurrences(of: "\n", with: "; ")), env \(environment) → \(expected)"
        }
    }

    static func row(
        _ setting: String, plan: String = "", flags: @escaping @Sendable (inout RunOptions) -> Void = { _ in },
        environment: [String: String] = [:], expect expected: String, _ read: @escaping @Sendable (RunSettings) -> String
    ) -> Row {
        Row(setting: setting, plan: plan, flags: flags, environment: environment, expected: expected, read: read)
    }

    static let url = "postgres://ci@db/telltale"

    static let rows: [Row] = [
        row("workers", expect: "nil") { "\($0.workers.map(String.init) ?? "nil")" },
        row("workers", plan: "workers: 3", expect: "3") { "\($0.workers!)" },
        row("workers", flags: { $0.workers = 5 }, expect: "5") { "\($0.workers!)" },
        row("workers", plan: "workers: 3", flags: { $0.workers = 5 }, expect: "5") { "\($0.workers!)" },

        // The plan's retries stay with the plan (its suites may differ); only the flag overrides them all.
        row("retries", plan: "retries: 2", expect: "nil") { "\($0.retriesOverride.map(String.init) ?? "nil")" },
        row("retries", plan: "retries: 2", flags: { $0.retries = 0 }, expect: "0") { "\($0.retriesOverride!)" },

        row("strict", expect: "false") { "\($0.strict)" },
        row("strict", plan: "strict: true", expect: "true") { "\($0.strict)" },
        row("strict", flags: { $0.strict = true }, expect: "true") { "\($0.strict)" },

        row("coverage", expect: "false false") { "\($0.coverage) \($0.coverageMap)" },
        row("coverage", plan: "coverage: true", expect: "true false") { "\($0.coverage) \($0.coverageMap)" },
        row("coverage", plan: "coverage: true", flags: { $0.coverage = false }, expect: "false false") { "\($0.coverage) \($0.coverageMap)" },
        row("coverage", flags: { $0.coverage = true }, expect: "true false") { "\($0.coverage) \($0.coverageMap)" },
        // A map is a coverage run, and `--no-coverage` turns the plan's map off too (the Xcode check once disagreed).
        row("coverage", plan: "coverage: { map: true }", expect: "true true") { "\($0.coverage) \($0.coverageMap)" },
        row("coverage", plan: "coverage: { map: true }", flags: { $0.coverage = false }, expect: "false false") {
            "\($0.coverage) \($0.coverageMap)"
        },
        row("coverage", flags: { $0.coverageMap = true }, expect: "true true") { "\($0.coverage) \($0.coverageMap)" },

        row("select", expect: "targets") { $0.select.rawValue },
        row("select", plan: "changed: { select: tests }", expect: "tests") { $0.select.rawValue },
        row("select", plan: "changed: { select: tests }", flags: { $0.select = .targets }, expect: "targets") { $0.select.rawValue },

        row("stressNew", expect: "0") { "\($0.stressNew)" },
        row("stressNew", plan: "stress: { new: 3 }", expect: "3") { "\($0.stressNew)" },
        row("stressNew", plan: "stress: { new: 3 }", flags: { $0.stressNew = 0 }, expect: "0") { "\($0.stressNew)" },

        row("shuffle", expect: "off") { "\($0.shuffle)" },
        row("shuffle", plan: "shuffle: true", expect: "random") { "\($0.shuffle)" },
        row("shuffle", plan: "shuffle: true", flags: { $0.shuffle = .off }, expect: "off") { "\($0.shuffle)" },
        row("shuffle", plan: "shuffle: 12", flags: { $0.shuffle = .seed(7) }, expect: "seed(7)") { "\($0.shuffle)" },

        row("splitClasses", expect: "false") { "\($0.splitClasses)" },
        row("splitClasses", plan: "splitClasses: true", expect: "true") { "\($0.splitClasses)" },
        row("splitClasses", flags: { $0.splitClasses = true }, expect: "true") { "\($0.splitClasses)" },

        row("failOn", expect: "any") { $0.failOn.rawValue },
        row("failOn", plan: "failOn: new", expect: "new") { $0.failOn.rawValue },
        row("failOn", plan: "failOn: new", flags: { $0.failOn = .any }, expect: "any") { $0.failOn.rawValue },

        row("postgresTimeout", expect: "120") { "\($0.postgresTimeout.components.seconds)" },
        row("postgresTimeout", plan: "postgresTimeout: 30s", expect: "30") { "\($0.postgresTimeout.components.seconds)" },
        row("postgresTimeout", plan: "postgresTimeout: 30s", flags: { $0.postgresTimeout = .seconds(5) }, expect: "5") {
            "\($0.postgresTimeout.components.seconds)"
        },

        row("reportDirectory", expect: "Reports") { $0.reportDirectory },
        row("reportDirectory", plan: "reports: { dir: Out }", expect: "Out") { $0.reportDirectory },
        row("reportDirectory", plan: "reports: { dir: Out }", flags: { $0.reportDirectory = "Mine" }, expect: "Mine") { $0.reportDirectory },

        row("history", expect: "App/.telltale/history.sqlite") { $0.history ?? "nil" },
        row("history", plan: "history: runs.sqlite", expect: "runs.sqlite") { $0.history ?? "nil" },
        // A CI-wide variable beats the plan's file, and a flag beats the variable...
        row("history", plan: "history: runs.sqlite", environment: ["TELLTALE_HISTORY_URL": url], expect: url) { $0.history ?? "nil" },
        row("history", flags: { $0.historyPath = "mine.sqlite" }, environment: ["TELLTALE_HISTORY_URL": url], expect: "mine.sqlite") {
            $0.history ?? "nil"
        },
        // ...but does not turn back on a history the plan keeps none of; `--no-history` beats everything.
        row("history", plan: "history: false", environment: ["TELLTALE_HISTORY_URL": url], expect: "nil") { $0.history ?? "nil" },
        row(
            "history",
            flags: {
                $0.noHistory = true
                $0.historyPath = "mine.sqlite"
            }, expect: "nil"
        ) { $0.history ?? "nil" },
        // `--commit` runs in Telltale's worktree and keeps the history beside the user's package.
        row("history", flags: { $0.historyPackage = "Mine" }, expect: "Mine/.telltale/history.sqlite") { $0.history ?? "nil" },

        row("bisectBudget", expect: "120") { "\($0.bisectBudget.components.seconds)" },
        row("bisectBudget", flags: { $0.bisectBudget = .zero }, expect: "0") { "\($0.bisectBudget.components.seconds)" },
    ]

    @Test(arguments: rows)
    func precedence(_ row: Row) throws {
        let plan = try PlanLoader().parse(yaml: "version: 1\npackage: App\n\(row.plan)\n", file: "telltale.yml")
        var options = RunOptions()
        row.flags(&options)
        let settings = RunSettings.resolve(options, plan: plan, environment: row.environment)
        #expect(row.read(settings) == row.expected)
    }

    /// Every setting has a row: a new one cannot skip the table.
    @Test func everySettingHasARow() {
        let settings = Mirror(reflecting: RunSettings.resolve(RunOptions(), plan: Plan.defaultPlan(package: "App"), environment: [:]))
        let names = settings.children.compactMap(\.label)
        let covered = Set(Self.rows.map(\.setting)).union(["coverageMap", "retriesOverride"])
        #expect(Set(names).subtracting(covered).isEmpty, "settings without a row: \(Set(names).subtracting(covered).sorted())")
    }
}
