import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// Works out each selected test's time limits, retries and serial group from the
/// plan: a suite's own settings win over the plan's, and `--retries` over both.
enum PlanTestSettings {
    static func defaults(plan: Plan, retriesOverride: Int?) -> TestSettings {
        TestSettings(timeout: plan.timeout.test, budget: plan.timeout.run, retries: retriesOverride ?? plan.retries)
    }

    static func settings(
        for tests: [ListedTest], plan: Plan, selection: TestSelection, retriesOverride: Int?
    ) -> [TestID: TestSettings] {
        let suites = Dictionary(plan.suites.map { ($0.name, $0) }) { first, _ in first }
        var settings: [TestID: TestSettings] = [:]
        for test in tests {
            guard let name = selection.group(of: test), let suite = suites[name] else { continue }
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
