import TelltalePlan
import TelltaleTestSupport
import Testing

/// `postgresTimeout:` in a plan: how long one call to PostgreSQL (a shared history, a queue) may take.
@Suite(.tags(.small))
struct PlanPostgresTimeoutTests {
    @Test func aDurationSetsItAndItPrintsBack() throws {
        #expect(try PlanLoader().parse(yaml: "version: 1\n", file: "plan.yml").postgresTimeout == nil)
        let plan = try PlanLoader().parse(yaml: "version: 1\npostgresTimeout: 30s\n", file: "plan.yml")
        #expect(plan.postgresTimeout == .seconds(30))
        #expect(PlanPrinter.yaml(plan).contains("\npostgresTimeout: 30s\n"))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
    }

    @Test func aBadDurationIsReportedWithItsLine() {
        expectProblems(problems(in: "version: 1\npostgresTimeout: soon\n"), [PlanProblemExpectation(2, 18, "postgresTimeout", "is not a duration")])
        expectProblems(problems(in: "version: 1\npostgresTimeout: 0s\n"), [PlanProblemExpectation(2, 18, "postgresTimeout", "longer than zero")])
    }
}
