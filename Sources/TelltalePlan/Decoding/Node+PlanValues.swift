import Yams

extension Node {
    /// `key:` with nothing after it, `~` or `null`: treated as "not given".
    var isNull: Bool {
        null != nil
    }

    /// The scalar's text, unless the node is null or not a scalar.
    var plainString: String? {
        guard case .scalar(let scalar) = self, !isNull else { return nil }
        return scalar.string
    }

    /// How a problem message names what was found instead.
    var summary: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar(let scalar): isNull ? "nothing" : "'\(scalar.string)'"
        }
    }
}
