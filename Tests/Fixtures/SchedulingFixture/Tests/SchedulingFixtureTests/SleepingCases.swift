import XCTest

final class SleepingCases: XCTestCase {
    func testSleep1() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep2() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep3() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep4() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep5() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep6() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep7() { RunCounter.sleepAndReport(seconds: 0.5) }
    func testSleep8() { RunCounter.sleepAndReport(seconds: 0.5) }
}
