import Feature

public func describe(_ value: Int) -> String { "\(value) × 4 = \(quadruple(value))" }
