import Ledger
import Testing

@Suite struct WithdrawTests {
    @Test func withdrawingTakesFromTheBalance() {
        var ledger = Ledger()
        ledger.deposit(500)
        let taken = ledger.withdraw(200)
        #expect(taken)
        #expect(ledger.cents == 300)
    }

    @Test func anOverdraftIsRefused() {
        var ledger = Ledger()
        let taken = ledger.withdraw(1)
        #expect(!taken)
    }
}
