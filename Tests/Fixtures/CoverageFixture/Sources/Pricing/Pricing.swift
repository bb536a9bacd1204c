import Foundation
import Shapes

/// What a shape costs, from its area.
public func price(of shape: Shape, perUnit: Double) -> Double {
    area(of: shape) * perUnit
}

/// A quantity that must be positive: a negative one ends the process (an exit test checks it).
public func checkedQuantity(_ quantity: Int) -> Int {
    if quantity < 0 {
        exit(3)
    }
    return quantity
}
