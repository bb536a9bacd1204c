import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// How a run keeps a plan suite's variants apart: processes by their variables, results and
/// limits by the variant's id.
@Suite(.tags(.small))
struct VariantBatchTests {
    let guestPay = TestID("Shop.Checkout/pay() [loggedOut]")
    let memberPay = TestID("Shop.Checkout/pay() [loggedIn]")
    let guestList = TestID("Shop.Checkout/list() [loggedOut]")
    let catalog = TestID("Shop.Catalog/browse()")

    @Test func aBatchSplitsWhereItsTestsVariablesDiffer() {
        let environment = [
            guestPay: ["ACCOUNT": "guest", "TELLTALE_VARIANT": "loggedOut"],
            guestList: ["ACCOUNT": "guest", "TELLTALE_VARIANT": "loggedOut"],
            memberPay: ["ACCOUNT": "member", "TELLTALE_VARIANT": "loggedIn"],
        ]
        let batch = TestBatch(framework: .swiftTesting, tests: [guestPay, memberPay, catalog, guestList], serial: true)
        let parts = batch.splitByEnvironment(environment)
        #expect(parts.map(\.tests) == [[guestPay, guestList], [memberPay], [catalog]])
        #expect(parts.allSatisfy { $0.serial })
        #expect(batch.splitByEnvironment([:]).map(\.tests) == [batch.tests])
        #expect(TestBatch(framework: .xctest, tests: [guestPay, guestList]).splitByEnvironment(environment).count == 1)
    }

    @Test func aVariantsProcessIsToldItsLimitsAndReportsUnderItsNames() {
        let limits = TimeLimits(
            settings: [guestPay: TestSettings(timeout: .seconds(5)), memberPay: TestSettings(timeout: .seconds(9))],
            defaults: TestSettings(), testingStarted: Date(), ownLimits: [memberPay: .seconds(3)])
        let inProcess = limits.inVariant("loggedIn")
        #expect(inProcess.settings(for: TestID("Shop.Checkout/pay()")).timeout == .seconds(9))
        #expect(inProcess.ownLimits == [TestID("Shop.Checkout/pay()"): .seconds(3)])
        #expect(limits.inVariant("loggedOut").settings(for: TestID("Shop.Checkout/pay()")).timeout == .seconds(5))

        let reported = BatchResult(
            results: [TestResult(id: TestID("Shop.Checkout/pay()"), framework: .swiftTesting, outcome: .failed)],
            notStarted: [TestID("Shop.Checkout/list()")], ambiguousCrash: [TestID("Shop.Checkout/pay()")])
        let named = reported.inVariant("loggedOut")
        #expect(named.results.map(\.id) == [guestPay])
        #expect(named.notStarted == [guestList])
        #expect(named.ambiguousCrash == [guestPay])
    }

    /// Under xcodebuild each variant is a run of its own with a bundle of its own, and an
    /// imported result keeps its device or configuration beside the variant.
    @Test func anXcodeVariantsResultsKeepTheirDeviceBesideTheVariant() {
        let plain = TestResult(id: TestID("ShopUITests.CheckoutUITests/testPay"), framework: .xctest, outcome: .passed)
        #expect(plain.inXcodeVariant("loggedOut").id == TestID("ShopUITests.CheckoutUITests/testPay [loggedOut]"))
        let onDevice = TestResult(id: TestID("ShopUITests.CheckoutUITests/testPay [iPhone 16]"), framework: .xctest, outcome: .passed)
        let named = onDevice.inXcodeVariant("loggedOut").id
        #expect(named == TestID("ShopUITests.CheckoutUITests/testPay [iPhone 16, loggedOut]"))
        #expect(named.withoutVariant == TestID("ShopUITests.CheckoutUITests/testPay"))
        #expect(XcodeTestRunner.bundle("/r/xcode/tests.xcresult", named: "loggedOut") == "/r/xcode/tests-loggedOut.xcresult")
    }
}
