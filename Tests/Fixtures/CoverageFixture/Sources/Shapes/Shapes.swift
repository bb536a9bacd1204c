/// Shapes whose area the tests measure. The line numbers below are read by
/// CoverageRunTests: change this file and change its expectations with it.
public enum Shape: Sendable {
    case square(Double)
    case circle(Double)
}

public func area(of shape: Shape) -> Double {
    switch shape {
    case .square(let side):
        return side * side
    case .circle(let radius):
        return 3 * radius * radius
    }
}

/// Only ever called with a positive value: the `else` branch never runs.
public func sign(of value: Double) -> String {
    if value >= 0 {
        return "positive"
    } else {
        return "negative"
    }
}

/// No test calls this.
public func unusedPerimeter(of side: Double) -> Double {
    return 4 * side
}
