import TelltaleTracker

/// The app's checkout: it tracks a purchase, always in dollars (the bug the tests find).
public struct Checkout: Sendable {
    public let tracker: Tracker

    public init(tracker: Tracker = .shared) {
        self.tracker = tracker
    }

    public func pay(_ amount: Double, currency: String) {
        tracker.track("purchase_completed", ["currency": "USD", "value": .number(amount)])
    }
}
