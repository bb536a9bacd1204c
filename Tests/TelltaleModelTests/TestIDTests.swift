import Testing
import TelltaleModel

@Suite(.tags(.small))
struct TestIDTests {
    @Test(arguments: [
        ("Mod.Class/testMethod", "Mod", ["Class", "testMethod"], "testMethod", "Mod.Class", ["Mod.Class"]),
        ("Mod.Outer/Inner/f(x:)", "Mod", ["Outer", "Inner", "f(x:)"], "f(x:)", "Mod.Outer.Inner", ["Mod.Outer", "Mod.Outer/Inner"]),
        ("Mod.free()", "Mod", ["free()"], "free()", "Mod", []),
    ])
    func partsAreDerivedFromTheListedForm(
        raw: String, module: String, components: [String], name: String, suite: String, enclosing: [String]
    ) {
        let id = TestID(raw)
        #expect(id.module == module)
        #expect(id.components == components)
        #expect(id.name == name)
        #expect(id.suiteName == suite)
        #expect(id.enclosingSuiteIDs == enclosing)
    }

    @Test func totalsCountErrorsAsFailedInTheClosingLine() {
        let totals = RunTotals([
            TestResult(id: TestID("M.A/a"), framework: .xctest, outcome: .passed),
            TestResult(id: TestID("M.A/b"), framework: .xctest, outcome: .failed),
            TestResult(id: TestID("M.A/c"), framework: .xctest, outcome: .error),
            TestResult(id: TestID("M.A/d"), framework: .xctest, outcome: .skipped),
        ])
        #expect(totals == RunTotals(tests: 4, passed: 1, failed: 1, errors: 1, skipped: 1))
        #expect(totals.summaryLine == "1 passed, 2 failed, 1 skipped")
    }

    @Test func serviceVariableNamesAreSanitised() {
        #expect(TelltaleEnvironment.serviceURL("backend") == "TELLTALE_SERVICE_BACKEND_URL")
        #expect(TelltaleEnvironment.serviceURL("auth-api.v2") == "TELLTALE_SERVICE_AUTH_API_V2_URL")
    }
}
