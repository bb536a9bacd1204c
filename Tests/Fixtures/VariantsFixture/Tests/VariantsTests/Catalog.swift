import Foundation
import Testing

/// Outside the checkout suite: run once, with none of its variables.
@Suite struct Catalog {
    @Test func seesNoVariant() {
        let environment = ProcessInfo.processInfo.environment
        #expect(environment["TELLTALE_VARIANT"] == nil)
        #expect(environment["ACCOUNT"] == nil)
        #expect(environment["SHOP_REGION"] == nil)
    }
}
