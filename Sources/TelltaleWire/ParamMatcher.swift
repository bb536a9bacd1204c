/// What a parameter of an expected event must be. Plans write these in YAML (see
/// Docs/Verification.md); `TelltaleVerify` compiles and applies them.
public indirect enum ParamMatcher: Sendable, Hashable {
    /// Equal to this JSON value; numbers compare by value (`1` equals `1.0`), objects and arrays
    /// in full.
    case equals(JSONValue)
    /// A per-run value: `{uuid}`, `{timestamp}`, …
    case placeholder(Placeholder)
    /// A string with placeholders inside: `order-{uuid}`.
    case template(StringTemplate)
    /// Of one of these types.
    case type([JSONType])
    /// A string in which this regular expression matches (anchor it with `^…$` for all of it).
    case regex(String)
    /// A number within these bounds.
    case range(NumberRange)
    /// `true`: present with any value, null included. `false`: absent.
    case present(Bool)
    /// Any one of these.
    case oneOf([ParamMatcher])
    /// An object whose values at these paths match; other members are allowed.
    case fields([ParamField])
    /// An array of exactly this many elements, each matching the matcher at its position.
    case elements([ParamMatcher])
    /// An array with at least one element that matches.
    case contains(ParamMatcher)
    /// Every one of these: `{ type: integer, gte: 1 }`.
    case all([ParamMatcher])
}

/// One entry of `params:`: the value at `path` must match.
public struct ParamField: Sendable, Hashable {
    public var path: ParamPath
    public var matcher: ParamMatcher

    public init(_ path: ParamPath, _ matcher: ParamMatcher) {
        self.path = path
        self.matcher = matcher
    }

    /// A field at a top-level key.
    public init(_ key: String, _ matcher: ParamMatcher) {
        self.init(ParamPath(key: key), matcher)
    }
}
