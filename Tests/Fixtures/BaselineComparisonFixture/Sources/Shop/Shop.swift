/// A line's total in cents.
public func total(price: Int, quantity: Int) -> Int { price * quantity }

/// What a refund gives back: broken on main (it keeps a cent).
public func refund(_ cents: Int) -> Int { cents - 1 }

/// The customer's greeting.
public func greeting(_ name: String) -> String { "Hello, \(name)" }
