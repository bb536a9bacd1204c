import TelltaleModel
import TelltaleTestSupport
import Testing

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
        #expect(id.sourceLocationSuffix == nil)
        #expect(id.listedName == name)
    }

    @Test(arguments: [
        ("ModA.Shared/same()/Shared.swift:16:6", ["Shared", "same()"], "same()", "ModA.Shared", ["ModA.Shared"], "Shared.swift:16:6"),
        ("ModA.free()/Free Tests.swift:3:2", ["free()"], "free()", "ModA", [], "Free Tests.swift:3:2"),
        ("M.Outer/Inner/f(_:)/a:b.swift:9:4", ["Outer", "Inner", "f(_:)"], "f(_:)", "M.Outer.Inner", ["M.Outer", "M.Outer/Inner"], "a:b.swift:9:4"),
    ])
    func aSourceLocationSuffixIsKeptApartFromTheName(
        raw: String, components: [String], name: String, suite: String, enclosing: [String], suffix: String
    ) {
        let id = TestID(raw)
        #expect(id.components == components)
        #expect(id.name == name)
        #expect(id.suiteName == suite)
        #expect(id.enclosingSuiteIDs == enclosing)
        #expect(id.sourceLocationSuffix == suffix)
        #expect(id.listedName == "\(name)/\(suffix)")
        #expect(id.withoutSourceLocation.rawValue == String(raw.dropLast(suffix.count + 1)))
    }

    /// Raw identifiers (SE-0451) keep their backticks; a dot or slash between them is part of
    /// the name, not a separator.
    @Test(arguments: [
        ("M.`Raw suite`/`3rd party macros are allowed`()", ["`Raw suite`", "`3rd party macros are allowed`()"], "M.`Raw suite`", nil),
        ("M.`Odd.suite`/`a/b works`()", ["`Odd.suite`", "`a/b works`()"], "M.`Odd.suite`", nil),
        ("M.`free raw`()", ["`free raw`()"], "M", nil),
        ("M.S/`v1.2 parses`()/S.swift:4:6", ["S", "`v1.2 parses`()"], "M.S", "S.swift:4:6"),
        ("M.`a/b`/Inner/`x/y`(n:)", ["`a/b`", "Inner", "`x/y`(n:)"], "M.`a/b`.Inner", nil),
    ])
    func rawIdentifiersSplitOnlyOutsideTheirBackticks(raw: String, components: [String], suite: String, suffix: String?) {
        let id = TestID(raw)
        #expect(id.module == "M")
        #expect(id.components == components)
        #expect(id.suiteName == suite)
        #expect(id.sourceLocationSuffix == suffix)
        #expect(id.timingKey == "\(id.suiteName)/\(id.listedName)")
        #expect(id.inVariant("v").withoutVariant == id)
    }

    @Test(arguments: ["M.C/testMethod", "M.S/f(x:)", "M.S/g()", "M.S/h():1"])
    func idsWithoutALocationHaveNoSuffix(raw: String) {
        #expect(TestID(raw).sourceLocationSuffix == nil)
        #expect(TestID(raw).withoutSourceLocation == TestID(raw))
    }

    /// The one-pass `timingKey` says what `suiteName/listedName` says, for every shape of id.
    @Test(arguments: [
        "Mod.Class/testMethod", "Mod.Outer/Inner/f(x:)", "Mod.free()", "Mod.free(a.b:)", "ModA.Shared/same()/Shared.swift:16:6",
        "ModA.free()/Free Tests.swift:3:2", "M.Outer/Inner/f(_:)/a:b.swift:9:4", "NoDot", "no/dot", "a/b.c/d", "M.S/h():1",
    ])
    func timingKeyIsSuiteNameSlashListedName(raw: String) {
        let id = TestID(raw)
        #expect(id.timingKey == "\(id.suiteName)/\(id.listedName)")
    }

    @Test(arguments: [
        ("Mod.CheckoutTests/testPay [loggedOut]", "Mod.CheckoutTests/testPay", "loggedOut", ["CheckoutTests", "testPay"], "testPay [loggedOut]"),
        ("M.S/pay(_:) [iPhone 16, German]", "M.S/pay(_:)", "iPhone 16, German", ["S", "pay(_:)"], "pay(_:) [iPhone 16, German]"),
        ("M.S/same()/Shared.swift:16:6 [mock]", "M.S/same()/Shared.swift:16:6", "mock", ["S", "same()"], "same()/Shared.swift:16:6 [mock]"),
        ("M.free() [a.b-c_d]", "M.free()", "a.b-c_d", ["free()"], "free() [a.b-c_d]"),
    ])
    func aVariantIsPartOfTheIdentityButNotOfTheName(raw: String, base: String, variant: String, components: [String], listed: String) {
        let id = TestID(raw)
        #expect(id.variant == variant)
        #expect(id.withoutVariant == TestID(base))
        #expect(id.components == components)
        #expect(id.name == components.last)
        #expect(id.module == TestID(base).module)
        #expect(id.suiteName == TestID(base).suiteName)
        #expect(id.sourceLocationSuffix == TestID(base).sourceLocationSuffix)
        #expect(id.listedName == listed)
        #expect(id.timingKey == "\(id.suiteName)/\(id.listedName)")
        #expect(id.timingKey == TestID(base).timingKey + " [\(variant)]")
        #expect(TestID(base).inVariant(variant) == id)
        #expect(id.inVariant("other") == TestID("\(base) [other]"))
    }

    /// A test process under a plan variant names its tests as the run does.
    @Test func aProcessUnderAVariantNamesItsTestsByIt() {
        let id = TestID("Shop.Checkout/pay()")
        #expect(TelltaleEnvironment.identifying(id, in: [TelltaleEnvironment.variant: "loggedIn"]) == TestID("Shop.Checkout/pay() [loggedIn]"))
        #expect(TelltaleEnvironment.identifying(id, in: [TelltaleEnvironment.variant: ""]) == id)
        #expect(TelltaleEnvironment.identifying(id, in: [:]) == id)
    }

    @Test func theSourceLocationGoesAndTheVariantStays() {
        #expect(TestID("M.S/same()/Shared.swift:16:6 [mock]").withoutSourceLocation == TestID("M.S/same() [mock]"))
    }

    @Test(arguments: ["M.C/testMethod", "M.S/f(x:)", "M.S/g() []", "M.S/h() [a[b]", "M.S/arr[0]", " [x]", "M.S/f()[x]"])
    func idsThatDoNotEndInABracketedNameHaveNoVariant(raw: String) {
        #expect(TestID(raw).variant == nil)
        #expect(TestID(raw).withoutVariant == TestID(raw))
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
