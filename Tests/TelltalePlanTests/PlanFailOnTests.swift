import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

/// `failOn:` in a plan: which failures fail the run.
@Suite(.tags(.small))
struct PlanFailOnTests {
    private func failOn(_ text: String) throws -> FailOn {
        try PlanLoader().parse(yaml: "version: 1\n" + text, file: "plan.yml").failOn
    }

    @Test func everyFailureFailsTheRunUnlessNewIsAskedFor() throws {
        #expect(try failOn("") == .any)
        #expect(try failOn("failOn:\n") == .any)
        #expect(try failOn("failOn: any\n") == .any)
        #expect(try failOn("failOn: new\n") == .new)
        let plan = try PlanLoader().parse(yaml: "version: 1\nfailOn: new\n", file: "plan.yml")
        #expect(PlanPrinter.yaml(plan).contains("\nfailOn: new\n"))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
    }

    @Test func anotherValueIsReportedWithItsLine() {
        expectProblems(
            problems(in: "version: 1\nfailOn: changed\n"), [PlanProblemExpectation(2, 9, "failOn", "expected one of `any`, `new`, found")])
    }
}
