import XCTest

final class CrashCases: XCTestCase {
    func testA_BeforeCrash() { XCTAssertTrue(true) }
    func testB_Crashes() {
        print("about to crash")
        fatalError("boom from XCTest")
    }
    func testC_AfterCrash() { XCTAssertTrue(true) }
    func testD_AfterCrashFails() { XCTFail("still reported") }
}
