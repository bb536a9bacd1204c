import XCTest

/// XCTest runs a process's tests in id order on Linux: testA…testD share a process in that
/// order, so the victim runs three tests after its polluter; the state-setter runs before the
/// brittle test whenever both are in one process.
final class OrderTests: XCTestCase {
    func testAPolluter() {
        Shared.polluted = true
    }

    func testBFirstBystander() {}

    func testCSecondBystander() {}

    func testDVictim() {
        XCTAssertFalse(Shared.polluted, "a test that ran before this one in its process left Shared.polluted set")
    }

    func testEStateSetter() {
        Shared.primed = true
    }

    func testFBrittle() {
        XCTAssertTrue(Shared.primed, "nothing primed Shared: this test passes only after another one set it")
    }
}

/// After OrderTests in id order, so they never run before its tests.
final class TimingTests: XCTestCase {
    func testRandom() {
        XCTAssertFalse(Runs.isUnlucky("xctest-random"), "an unlucky run")
    }

    func testSlowFails() {
        guard Runs.isSlow("xctest-slow") else { return Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 1)
        XCTFail("the answer took 1 s, over the 0.5 s allowed")
    }
}
