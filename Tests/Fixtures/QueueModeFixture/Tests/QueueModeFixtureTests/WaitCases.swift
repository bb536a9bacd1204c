import XCTest

/// 60 tests that each wait (see Package.swift), as on I/O: queue mode's tests and benchmark.
final class WaitCases: XCTestCase {
    func testWait01() { Wait.now() }
    func testWait02() { Wait.now() }
    func testWait03() { Wait.now() }
    func testWait04() { Wait.now() }
    func testWait05() { Wait.now() }
    func testWait06() { Wait.now() }
    func testWait07() { Wait.now() }
    func testWait08() { Wait.now() }
    func testWait09() { Wait.now() }
    func testWait10() { Wait.now() }
    func testWait11() { Wait.now() }
    func testWait12() { Wait.now() }
    func testWait13() { Wait.now() }
    func testWait14() { Wait.now() }
    func testWait15() { Wait.now() }
    func testWait16() { Wait.now() }
    func testWait17() { Wait.now() }
    func testWait18() { Wait.now() }
    func testWait19() { Wait.now() }
    func testWait20() { Wait.now() }
    func testWait21() { Wait.now() }
    func testWait22() { Wait.now() }
    func testWait23() { Wait.now() }
    func testWait24() { Wait.now() }
    func testWait25() { Wait.now() }
    func testWait26() { Wait.now() }
    func testWait27() { Wait.now() }
    func testWait28() { Wait.now() }
    func testWait29() { Wait.now() }
    func testWait30() { Wait.now() }
    func testWait31() { Wait.now() }
    func testWait32() { Wait.now() }
    func testWait33() { Wait.now() }
    func testWait34() { Wait.now() }
    func testWait35() { Wait.now() }
    func testWait36() { Wait.now() }
    func testWait37() { Wait.now() }
    func testWait38() { Wait.now() }
    func testWait39() { Wait.now() }
    func testWait40() { Wait.now() }
    func testWait41() { Wait.now() }
    func testWait42() { Wait.now() }
    func testWait43() { Wait.now() }
    func testWait44() { Wait.now() }
    func testWait45() { Wait.now() }
    func testWait46() { Wait.now() }
    func testWait47() { Wait.now() }
    func testWait48() { Wait.now() }
    func testWait49() { Wait.now() }
    func testWait50() { Wait.now() }
    func testWait51() { Wait.now() }
    func testWait52() { Wait.now() }
    func testWait53() { Wait.now() }
    func testWait54() { Wait.now() }
    func testWait55() { Wait.now() }
    func testWait56() { Wait.now() }
    func testWait57() { Wait.now() }
    func testWait58() { Wait.now() }
    func testWait59() { Wait.now() }
    func testWait60() { Wait.now() }
}

/// The wait, from the variables each machine sets.
enum Wait {
    static func now() {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["QUEUE_FIXTURE_SECONDS"].flatMap(Double.init) ?? 0.5
        let slowdown = environment["QUEUE_FIXTURE_SLOWDOWN"].flatMap(Double.init) ?? 1
        Thread.sleep(forTimeInterval: seconds * slowdown)
    }
}
