import Testing
import XCTest

final class FlakyCases: XCTestCase {
    func testFailsTheFirstTime() {
        XCTAssertGreaterThan(RunCounter.increment("xctest-flaky"), 1, "fails on the first run only")
    }

    func testAlwaysFails() {
        XCTFail("fails every time, run \(RunCounter.increment("xctest-always"))")
    }
}

@Suite struct SwiftTestingFlaky {
    @Test func failsTheFirstTime() {
        #expect(RunCounter.increment("swift-testing-flaky") > 1, "fails on the first run only")
    }
}
