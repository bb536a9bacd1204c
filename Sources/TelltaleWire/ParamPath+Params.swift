extension ParamPath {
    /// The value at this path inside an event's params. A params key spelled exactly like the
    /// path's text wins, so a flat `"item.id"` parameter is still found.
    public func value(inParams params: [String: JSONValue]) -> JSONValue? {
        guard components.count > 1 else {
            if case .key(let key)? = components.first { return params[key] }
            return nil
        }
        if let flat = params[description] { return flat }
        return value(in: .object(params))
    }
}
