import XCTest

/// 40 tests that each wait 0.5 s, as on I/O: the workers benchmark's suite.
final class BenchmarkSleepCases: XCTestCase {
    func testWait01() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait02() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait03() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait04() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait05() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait06() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait07() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait08() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait09() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait10() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait11() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait12() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait13() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait14() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait15() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait16() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait17() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait18() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait19() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait20() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait21() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait22() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait23() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait24() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait25() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait26() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait27() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait28() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait29() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait30() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait31() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait32() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait33() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait34() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait35() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait36() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait37() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait38() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait39() { Thread.sleep(forTimeInterval: 0.5) }
    func testWait40() { Thread.sleep(forTimeInterval: 0.5) }
}
