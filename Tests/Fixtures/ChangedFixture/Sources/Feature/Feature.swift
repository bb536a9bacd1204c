import Core

public func quadruple(_ value: Int) -> Int { double(double(value)) }
