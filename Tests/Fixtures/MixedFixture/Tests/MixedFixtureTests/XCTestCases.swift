import MixedFixture
import XCTest

final class PassingCases: XCTestCase {
    func testAddition() { XCTAssertEqual(add(2, 2), 4) }
    func testAsyncWork() async throws {
        try await Task.sleep(nanoseconds: 10_000_000)
        XCTAssertEqual(add(1, 1), 2)
    }
    func testPrintsOutput() {
        print("hello from XCTest")
        print("second line")
    }
}

final class FailingCases: XCTestCase {
    func testMultiLineMessage() {
        XCTFail("first line\nsecond line <&\"'> \u{1B}[31mred\u{1B}[0m")
    }
    func testTwoFailures() {
        XCTAssertEqual(add(1, 1), 3, "one plus one")
        XCTAssertTrue(false, "second failure")
    }
    func testThrows() throws {
        struct Boom: Error {}
        throw Boom()
    }
}

final class SkippedCases: XCTestCase {
    func testSkipped() throws {
        throw XCTSkip("not on this platform")
    }
}

final class NoisyCases: XCTestCase {
    func testThousandsOfLines() {
        for i in 0..<5000 { print("noise line \(i)") }
    }
}
