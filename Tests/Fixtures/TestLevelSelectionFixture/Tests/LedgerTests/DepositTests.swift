import Ledger
import XCTest

final class DepositTests: XCTestCase {
    func testDepositAddsToTheBalance() {
        var ledger = Ledger()
        ledger.deposit(250)
        XCTAssertEqual(ledger.cents, 250)
    }

    func testABalanceReadsInUnits() {
        XCTAssertEqual(formatted(1205), "12.05")
    }
}
