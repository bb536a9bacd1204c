import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// A thrown error that names its own place first (an event check's call) is recorded there,
/// whichever framework caught it.
@Suite(.tags(.small))
struct ThrownErrorPlaceTests {
    @Test(arguments: [
        ("Caught error: /src/Tests/A/CartTests.swift:42:9: expected 1 × purchase", "Caught error: expected 1 × purchase"),
        (#"threw error "/src/Tests/A/Cart Tests.swift:42:9: expected 1 × purchase"#, #"threw error "expected 1 × purchase"#),
        (#"failed: caught error: "/src/Tests/A/CartTests.swift:42:9: expected 1 × purchase"#, #"failed: caught error: "expected 1 × purchase"#),
        ("/src/Tests/A/CartTests.swift:42:9: expected 1 × purchase", "expected 1 × purchase"),
    ])
    func thePlaceBecomesTheLocation(text: String, rest: String) throws {
        let placed = try #require(ThrownErrorPlace.split(text))
        #expect(placed.location.file.hasPrefix("/src/Tests/A/Cart"))
        #expect(placed.location.line == 42)
        #expect(placed.location.column == 9)
        #expect(placed.text == rest)
    }

    @Test(arguments: ["Caught error: CartTests.swift:42:9: relative", "Caught error: boom", "threw error \"x\"", "/a/b.txt:1:2: not Swift"])
    func anythingElseStaysText(text: String) {
        #expect(ThrownErrorPlace.split(text) == nil)
    }

    @Test func xctestsThrownErrorIsPlacedWhereItSays() throws {
        let line = #"<EXPR>:0: error: CheckoutCase.testPay : threw error "/src/Tests/A/CheckoutCase.swift:10:9: expected 1 × purchase""#
        let message = try #require(XCTestConsoleParser.message(in: line, testName: "CheckoutCase.testPay"))
        #expect(message.kind == .error)
        #expect(message.location == SourceLocation(file: "/src/Tests/A/CheckoutCase.swift", line: 10, column: 9))
        #expect(message.text == #"threw error "expected 1 × purchase""#)
    }
}
