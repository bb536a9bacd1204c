import Pricing
import Shapes
import Testing

@Suite struct PricingTests {
    @Test func squarePrice() {
        #expect(price(of: .square(3), perUnit: 2) == 18)
    }

    @Test func positiveQuantity() {
        #expect(checkedQuantity(2) == 2)
    }

    @Test func negativeQuantityEndsTheProcess() async {
        await #expect(processExitsWith: .exitCode(3)) {
            _ = checkedQuantity(-1)
        }
    }
}
