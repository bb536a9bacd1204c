import Foundation
import TelltaleTracker

/// The app's checkout: it sends its events as the types generated from Plans/events, so an
/// event that no longer matches the tracking plan does not compile.
public struct Checkout: Sendable {
    public let tracker: Tracker

    public init(tracker: Tracker = .shared) {
        self.tracker = tracker
    }

    public func viewCart(itemCount: Int) {
        tracker.track(CartViewed(itemCount: itemCount))
    }

    public func pay(orderID: Int, total: Double, items: [(sku: String, quantity: Int)]) {
        tracker.track(
            OrderCompleted(
                orderId: orderID,
                currency: .usd,
                total: total,
                items: items.map { OrderCompleted.Items(sku: $0.sku, quantity: $0.quantity) },
                placedAt: Date()
            ))
    }
}
