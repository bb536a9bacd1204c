import Foundation
import XCTest

/// Each test takes a tenth of a second; 03, 05, 08, 10, 12, 15, 17, 19, 22, 24, 26 and 28 always fail.
final class RetriedCases: XCTestCase {
    func test01() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test02() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test03() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test04() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test05() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test06() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test07() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test08() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test09() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test10() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test11() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test12() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test13() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test14() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test15() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test16() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test17() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test18() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test19() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test20() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test21() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test22() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test23() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test24() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test25() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test26() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }

    func test27() {
        Thread.sleep(forTimeInterval: 0.1)
    }

    func test28() {
        Thread.sleep(forTimeInterval: 0.1)
        XCTFail("always fails")
    }
}
