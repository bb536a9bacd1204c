/// A tiny function the fixture's tests exercise.
public func add(_ a: Int, _ b: Int) -> Int { a + b }
