import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// Works out each selected test's time limits, retries and serial group from the
/// plan: a suite's own settings win over the plan's, and `--retries` over both.
enum PlanTestSettings {
    /// What a test in no suite of the plan gets: the plan's per-test time limit and run budget,
    /// and `--retries` (the resolved `retriesOverride`) or the plan's `retries`.
    static func defaults(plan: Plan, retriesOverride: Int?) -> TestSettings {
        TestSettings(timeout: plan.timeout.test, budget: plan.timeout.run, retries: retriesOverride ?? plan.retries)
    }

    /// Each test in one of the plan's suites with that suite's settings; a test in none is left
    /// out (it takes `defaults`). Which suite a test belongs to is the selection's answer
    /// (`TestSelection.group(of:)`), so settings follow the same patterns that selected it.
    static func settings(
        for tests: [ListedTest], plan: Plan, selection: TestSelection, retriesOverride: Int?
    ) -> [TestID: TestSettings] {
        let suites = Dictionary(plan.suites.map { ($0.name, $0) }) { first, _ in first }
        var settings: [TestID: TestSettings] = [:]
        for test in tests {
            guard let name = selection.group(of: test), let suite = suites[name] else { continue }
            // The stricter of the two run budgets holds; a serial suite's tests share one group,
            // named after the suite, which runs in one worker process, its tests one after another.
            settings[test.id] = TestSettings(
                timeout: suite.timeout.test ?? plan.timeout.test,
                budget: [suite.timeout.run, plan.timeout.run].compactMap { $0 }.min(),
                retries: retriesOverride ?? suite.retries ?? plan.retries,
                serialGroup: suite.serial ? suite.name : nil
            )
        }
        return settings
    }
}
