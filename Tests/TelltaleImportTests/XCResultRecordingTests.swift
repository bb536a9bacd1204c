import Foundation
import TelltaleImport
import TelltaleModel
import TelltaleTestSupport
import Testing

/// Each recording's tests, read into results, against the totals its summary states.
@Suite(.tags(.small))
struct XCResultRecordingTests {
    @Test(arguments: Recording.allCases)
    func outcomesAndCountsEqualTheSummary(_ recording: Recording) async throws {
        let files = try await recording.files()
        let output = XCResultImport(tests: files.tests, summary: files.summary).read()
        let stated = try #require(files.summary?.counts)
        #expect(output.counts == stated)
        // The record's own totals say the same: expected failures pass, flaky tests pass.
        let record = try await recording.record()
        let totals = record.totals
        #expect(totals.tests == stated.total)
        #expect(totals.passed == stated.passed + stated.expectedFailures)
        #expect(totals.failed + totals.errors == stated.failed)
        #expect(totals.skipped == stated.skipped)
        #expect(!record.notes.contains { $0.contains("the summary counts") }, "\(record.notes)")
        #expect(Set(record.tests.map(\.id)).count == record.tests.count, "ids are unique")
    }

    @Test func mixedFrameworksFailuresSkipsAndExpectedFailures() async throws {
        let record = try await Recording.mixedSingleDevice.record()
        let failed = try #require(record.test("ShopAppTests.CartTests/testRemovingLastItem"))
        #expect(failed.framework == .xctest)
        #expect(failed.outcome == .failed)
        #expect(failed.reviewLocation == SourceLocation(file: "CartTests.swift", line: 42))
        #expect(failed.primaryMessage?.text == #"XCTAssertEqual failed: ("1") is not equal to ("0") - the cart keeps its last item"#)
        #expect(failed.duration == 0.031)

        let skipped = try #require(record.test("ShopAppTests.CartTests/testApplePay"))
        #expect(skipped.outcome == .skipped)
        #expect(skipped.primaryMessage?.kind == .skip)
        #expect(skipped.primaryMessage?.text == "Test skipped - Apple Pay is not set up on this simulator")

        let expected = try #require(record.test("ShopAppTests.CartTests/testRoundingLegacyTotals"))
        #expect(expected.outcome == .passed)
        #expect(expected.messages.map(\.kind) == [.knownIssue])
        #expect(expected.messages.first?.location?.line == 71)

        let swiftTesting = try #require(record.test("ShopAppTests.PriceFormatterTests/formatsEuros()"))
        #expect(swiftTesting.framework == .swiftTesting)
        #expect(swiftTesting.displayName == "Formats euros")
        #expect(swiftTesting.tags == ["formatting"])
        #expect(record.test("ShopAppTests.PriceFormatterTests/Rounding/bankersRounding()")?.framework == .swiftTesting)

        let warned = try #require(record.test("ShopAppTests.PriceFormatterTests/roundsHalfUp()"))
        #expect(warned.outcome == .passed)
        #expect(warned.messages.map(\.kind) == [.warning])
        #expect(warned.messages.first?.location == SourceLocation(file: "PriceFormatterTests.swift", line: 48))

        let noReason = try #require(record.test("ShopAppTests.PriceFormatterTests/currencyCodes()"))
        #expect(noReason.outcome == .skipped)
        #expect(noReason.primaryMessage?.location == nil)

        #expect(record.test("ShopAppUITests.CheckoutUITests/testGuestCheckout")?.reviewLocation?.line == 63)
        #expect(record.plan.name == "ShopApp")
        #expect(record.environment.operatingSystem == "iPhone 16 Pro (iOS Simulator 18.2, 22C150)")
        #expect(record.startedAt == Date(timeIntervalSince1970: 1_739_182_320.418))
        #expect(abs(record.duration - 70.782) < 0.001)
    }

    @Test func retriesKeepEarlierAttemptsAndPassingOnARetryIsFlaky() async throws {
        let record = try await Recording.mixedSingleDevice.record()
        let flaky = try #require(record.test("ShopAppTests.CartTests/testSyncAfterReconnect"))
        #expect(flaky.outcome == .passed)
        #expect(flaky.isFlaky)
        #expect(flaky.previousAttempts.map(\.outcome) == [.failed])
        #expect(flaky.previousAttempts.first?.duration == 1.52)
        #expect(flaky.previousAttempts.first?.messages.first?.location?.line == 90)
        #expect(flaky.messages.isEmpty)

        let failing = try #require(record.test("ShopAppTests.CartTests/testCheckoutTimeout"))
        #expect(failing.outcome == .failed)
        #expect(!failing.isFlaky)
        #expect(failing.previousAttempts.count == 2)
        #expect(failing.reviewLocation?.line == 104)
        #expect(record.totals.flaky == 1)
    }

    @Test func argumentsNodesAreTheCasesOfAParameterizedTest() async throws {
        let record = try await Recording.mixedSingleDevice.record()
        let test = try #require(record.test("ShopAppTests.PriceFormatterTests/discount(for:)"))
        #expect(test.framework == .swiftTesting)
        #expect(test.outcome == .failed)
        #expect(test.caseCount == 3)
        #expect(test.cases?.map(\.name) == ["Tier.bronze", "Tier.silver", "Tier.gold"])
        #expect(test.cases?.map(\.outcome) == [.passed, .passed, .failed])
        let failure = try #require(test.primaryMessage)
        #expect(failure.testCase == "Tier.gold")
        #expect(failure.location == SourceLocation(file: "PriceFormatterTests.swift", line: 33))
    }

    @Test func attachmentsAreListedAndTheRunSaysTheyWereNotCopied() async throws {
        let record = try await Recording.mixedSingleDevice.record()
        let flow = try #require(record.test("ShopAppUITests.CheckoutUITests/testCheckoutFlow"))
        #expect(flow.output.contains("attachment: Cart screen"))
        #expect(flow.output.contains("attachment: Payment sheet"))
        #expect(flow.attachments.isEmpty)
        #expect(record.notes.contains { $0.contains("3 attachments") && $0.contains("export attachments") })
    }

    @Test func eachDeviceIsATestOfItsOwn() async throws {
        let record = try await Recording.twoDevices.record()
        let iPhone = "iPhone 16 Pro (iOS Simulator 18.2, 22C150)"
        let iPad = "iPad Air 11-inch (M2) (iOS Simulator 18.2, 22C150)"
        let sidebarOnPhone = try #require(record.test("ShopAppTests.LayoutTests/testSidebarVisible [\(iPhone)]"))
        #expect(sidebarOnPhone.outcome == .failed)
        #expect(sidebarOnPhone.reviewLocation?.line == 27)
        #expect(record.test("ShopAppTests.LayoutTests/testSidebarVisible [\(iPad)]")?.outcome == .passed)
        let rotation = try #require(record.test("ShopAppTests.LayoutTests/testRotation [\(iPad)]"))
        #expect(rotation.isFlaky)
        #expect(record.test("ShopAppTests.LayoutTests/testRotation [\(iPhone)]")?.isFlaky == false)
        let evicts = try #require(record.test("ShopAppTests.ImageCacheTests/evicts(count:) [\(iPad)]"))
        #expect(evicts.cases?.map(\.outcome) == [.passed, .failed])
        #expect(evicts.primaryMessage?.testCase == "100")
        #expect(record.environment.host == "iPhone 16 Pro, iPad Air 11-inch (M2)")
        #expect(record.notes.contains { $0.hasPrefix("ran on ") })
    }

    @Test func eachConfigurationIsATestOfItsOwn() async throws {
        let record = try await Recording.twoConfigurations.record()
        #expect(record.test("ShopAppTests.LocalizationTests/testCheckoutButtonTitle [German]")?.outcome == .failed)
        #expect(record.test("ShopAppTests.LocalizationTests/testCheckoutButtonTitle [English]")?.outcome == .passed)
        let skipped = try #require(record.test("ShopAppTests.LocalizationTests/testRightToLeft [English]"))
        #expect(skipped.primaryMessage?.text == "Test skipped - only for right-to-left languages")
        // Two repetitions that both passed: the earlier is kept, the test is not flaky.
        let repeated = try #require(record.test("ShopAppTests.CurrencyTests/symbolPlacement() [German]"))
        #expect(repeated.previousAttempts.map(\.outcome) == [.passed])
        #expect(!repeated.isFlaky)
        #expect(record.plan.name == "ShopApp-Localized")
    }

    @Test func aQuarantinedFailureDoesNotFailTheRun() async throws {
        #expect(try await Recording.twoConfigurations.record().failed)
        let entry = QuarantineEntry(test: "/testCheckoutButtonTitle/", reason: "German title", owner: "@ana", until: "2099-12-31")
        let record = try await Recording.twoConfigurations.record(quarantine: [entry])
        #expect(!record.failed)
        #expect(record.totals.quarantined == 1)
    }
}
