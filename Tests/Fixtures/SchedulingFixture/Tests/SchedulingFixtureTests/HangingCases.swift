import Foundation
import Testing
import XCTest

final class HangingCases: XCTestCase {
    func testA_Hangs() {
        print("about to hang")
        Thread.sleep(forTimeInterval: 600)
    }

    func testB_AfterTheHang() { XCTAssertTrue(true) }
}

@Suite(.serialized) struct SwiftTestingHanging {
    @Test func a_hangs() {
        Thread.sleep(forTimeInterval: 600)
    }

    @Test func b_afterTheHang() { #expect(Bool(true)) }
}
