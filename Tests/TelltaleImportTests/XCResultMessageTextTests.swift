import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleImport

/// Failure messages' `File.swift:42: message` form.
@Suite(.tags(.small))
struct XCResultMessageTextTests {
    @Test func aFileAndLineBeforeTheMessage() {
        let (location, text) = XCResultMessageText.split("CartTests.swift:42: XCTAssertEqual failed: (\"1\") is not equal to (\"0\")")
        #expect(location == SourceLocation(file: "CartTests.swift", line: 42))
        #expect(text == "XCTAssertEqual failed: (\"1\") is not equal to (\"0\")")
    }

    @Test func aColumnToo() {
        let (location, text) = XCResultMessageText.split("Model/Cart.swift:12:7: Expectation failed")
        #expect(location == SourceLocation(file: "Model/Cart.swift", line: 12, column: 7))
        #expect(text == "Expectation failed")
    }

    @Test(arguments: [
        "Test skipped: needs the exchange-rate service",
        "failed - the sync finished late",
        "Timeout: 5 seconds: nothing arrived",
        "XCTAssertEqual failed: (\"a:1\") is not equal to (\"b\")",
        "CartTests.swift:0: line zero is nobody's",
    ])
    func textWithoutAPlaceStaysWhole(_ message: String) {
        let (location, text) = XCResultMessageText.split(message)
        #expect(location == nil)
        #expect(text == message)
    }

    @Test func aSourceCodeReferenceIsAPlaceOnlyWhenItIsOne() {
        #expect(XCResultMessageText.location("CartTests.swift:42") == SourceLocation(file: "CartTests.swift", line: 42))
        #expect(XCResultMessageText.location("CartTests.testSync()") == nil)
    }
}
