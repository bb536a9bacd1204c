/// How a balance reads.
public func formatted(_ cents: Int) -> String {
    let units = cents / 100
    let rest = cents % 100
    return "\(units).\(rest < 10 ? "0" : "")\(rest)"
}
