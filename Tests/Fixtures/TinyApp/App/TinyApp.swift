import SwiftUI
import TelltaleTracker

/// One button that buys the one item and says so to the analytics of the run: under
/// `telltale run`, `Tracker.shared` sends to the capture server the UI test named in the
/// app's launch environment; anywhere else it does nothing.
@main
struct TinyApp: App {
    var body: some Scene {
        WindowGroup {
            BuyView()
        }
    }
}

struct BuyView: View {
    @State private var bought = false

    var body: some View {
        VStack(spacing: 20) {
            Button("Buy") {
                Tracker.shared.track("purchase_completed", ["currency": "EUR", "value": 9.5])
                Task {
                    _ = await Tracker.shared.flush()
                    bought = true
                }
            }
            .accessibilityIdentifier("buy")
            if bought {
                Text("Thank you").accessibilityIdentifier("thanks")
            }
        }
    }
}
