import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// A plan suite's own flags and its variants, applied to the listed tests: every test of a suite
/// with `variants:` becomes one test per variant (`Module.Suite/test [loggedOut]`), and each test
/// of a suite with flags gets its variables (`TestRunner.Configuration.testEnvironment`). A test
/// belongs to the first suite that selects it, as its time limits and retries do.
///
/// Done before selection, so a pattern may name one variant (`--filter 'testPay \[loggedOut\]'`),
/// while a pattern that names the test selects all of its variants.
enum PlanVariants {
    static func expand(_ listed: [ListedTest], plan: Plan, selection: TestSelection) -> (tests: [ListedTest], environment: [TestID: [String: String]])
    {
        let suites = Dictionary(plan.suites.map { ($0.name, $0) }) { first, _ in first }
        guard suites.values.contains(where: \.hasFlags) else { return (listed, [:]) }
        var tests: [ListedTest] = []
        var environment: [TestID: [String: String]] = [:]
        for test in listed {
            guard let name = selection.group(of: test), let suite = suites[name], suite.hasFlags else {
                tests.append(test)
                continue
            }
            if suite.variants.isEmpty {
                tests.append(test)
                environment[test.id] = variables(plan: plan, suite: suite, variant: nil)
                continue
            }
            for variant in suite.variants {
                var named = test
                named.id = test.id.inVariant(variant.name)
                tests.append(named)
                environment[named.id] = variables(plan: plan, suite: suite, variant: variant)
            }
        }
        return (tests, environment)
    }

    /// The suite's environment, then the variant's (each wins over what came before), the
    /// variant's name (`TELLTALE_VARIANT`, so the test names itself as the run does), and the
    /// plan's, suite's and variant's launch arguments in that order.
    static func variables(plan: Plan, suite: PlanSuite, variant: PlanVariant?) -> [String: String] {
        var environment = suite.environment
        if let variant {
            environment.merge(variant.environment) { _, own in own }
            environment[TelltaleEnvironment.variant] = variant.name
        }
        let arguments = suite.arguments + (variant?.arguments ?? [])
        if !arguments.isEmpty {
            environment[TelltaleEnvironment.testArguments] = (plan.arguments + arguments).joined(separator: "\n")
        }
        return environment
    }
}
