import TelltalePlan
import TelltaleTestSupport
import Testing

/// `shuffle:` in a plan.
@Suite(.tags(.small))
struct PlanShuffleTests {
    private func shuffle(_ text: String) throws -> PlanShuffle {
        try PlanLoader().parse(yaml: "version: 1\n" + text, file: "plan.yml").shuffle
    }

    @Test func shuffleIsOffUnlessAskedForWithASeedOrTrue() throws {
        #expect(try shuffle("") == .off)
        #expect(try shuffle("shuffle:\n") == .off)
        #expect(try shuffle("shuffle: false\n") == .off)
        #expect(try shuffle("shuffle: true\n") == .random)
        #expect(try shuffle("shuffle: 12345\n") == .seed(12345))
        #expect(PlanShuffle.seed(7).resolvedSeed { 1 } == 7 && PlanShuffle.random.resolvedSeed { 1 } == 1)
        #expect(PlanShuffle.off.resolvedSeed { 1 } == nil)
    }

    @Test func itPrintsBackAsWritten() throws {
        for text in ["shuffle: 12345", "shuffle: true", "shuffle: false"] {
            let plan = try PlanLoader().parse(yaml: "version: 1\n\(text)\n", file: "plan.yml")
            #expect(PlanPrinter.yaml(plan).contains("\n\(text)\n"))
            #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
        }
    }

    @Test func aBadSeedIsReportedWithItsLine() {
        let hint = "expected true, false or a seed (a whole number of at least 0)"
        expectProblems(problems(in: "version: 1\nshuffle: -3\n"), [PlanProblemExpectation(2, 10, "shuffle", hint)])
        expectProblems(problems(in: "version: 1\nshuffle: often\n"), [PlanProblemExpectation(2, 10, "shuffle", hint)])
    }
}
