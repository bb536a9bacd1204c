import XCTest

/// 24 tests of varied length (0.05 s to 0.6 s): the recorded timings that the shard
/// benchmark splits four ways.
final class VariedDurationCases: XCTestCase {
    func testVaried01() { Thread.sleep(forTimeInterval: 0.10) }
    func testVaried02() { Thread.sleep(forTimeInterval: 0.15) }
    func testVaried03() { Thread.sleep(forTimeInterval: 0.20) }
    func testVaried04() { Thread.sleep(forTimeInterval: 0.25) }
    func testVaried05() { Thread.sleep(forTimeInterval: 0.30) }
    func testVaried06() { Thread.sleep(forTimeInterval: 0.35) }
    func testVaried07() { Thread.sleep(forTimeInterval: 0.40) }
    func testVaried08() { Thread.sleep(forTimeInterval: 0.45) }
    func testVaried09() { Thread.sleep(forTimeInterval: 0.50) }
    func testVaried10() { Thread.sleep(forTimeInterval: 0.55) }
    func testVaried11() { Thread.sleep(forTimeInterval: 0.60) }
    func testVaried12() { Thread.sleep(forTimeInterval: 0.05) }
    func testVaried13() { Thread.sleep(forTimeInterval: 0.10) }
    func testVaried14() { Thread.sleep(forTimeInterval: 0.15) }
    func testVaried15() { Thread.sleep(forTimeInterval: 0.20) }
    func testVaried16() { Thread.sleep(forTimeInterval: 0.25) }
    func testVaried17() { Thread.sleep(forTimeInterval: 0.30) }
    func testVaried18() { Thread.sleep(forTimeInterval: 0.35) }
    func testVaried19() { Thread.sleep(forTimeInterval: 0.40) }
    func testVaried20() { Thread.sleep(forTimeInterval: 0.45) }
    func testVaried21() { Thread.sleep(forTimeInterval: 0.50) }
    func testVaried22() { Thread.sleep(forTimeInterval: 0.55) }
    func testVaried23() { Thread.sleep(forTimeInterval: 0.60) }
    func testVaried24() { Thread.sleep(forTimeInterval: 0.05) }
}
