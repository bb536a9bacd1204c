/// An account's balance in cents. TestLevelSelectionRunTests edits the bodies below by their text.
public struct Ledger: Sendable {
    public private(set) var cents = 0

    public init() {}

    public mutating func deposit(_ amount: Int) {
        precondition(amount > 0, "deposits are positive")
        cents += amount
    }

    public mutating func withdraw(_ amount: Int) -> Bool {
        guard amount <= cents else { return false }
        cents -= amount
        return true
    }
}
