public func double(_ value: Int) -> Int { value * 2 }
