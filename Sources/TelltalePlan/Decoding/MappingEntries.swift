import Yams

/// The accepted `key: value` pairs of one YAML mapping, in file order.
struct MappingEntries {
    private(set) var ordered: [(key: String, value: Node)] = []

    /// The value of `key`; nil when it is not written (or was not accepted). `key:` with nothing
    /// after it is a null node, not nil: callers tell "left out" from "written empty".
    subscript(key: String) -> Node? {
        ordered.first { $0.key == key }?.value
    }

    mutating func append(_ key: String, _ value: Node) {
        ordered.append((key, value))
    }
}
