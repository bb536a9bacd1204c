/// Which tests an expectations block applies to: the key it is written under.
package enum TestSelector: Sendable, Hashable, CustomStringConvertible {
    /// A test id as `swift test list` prints it, or the id of an enclosing suite
    /// (`Module.Class`, `Module.Outer/Inner`), which selects every test in it.
    case id(String)
    /// A regular expression matched anywhere in the id; written `/…/` in a plan.
    case pattern(String)

    package var description: String {
        switch self {
        case .id(let id): id
        case .pattern(let pattern): "/\(pattern)/"
        }
    }
}
