/// A type `JSONValueEncoder.serialize(_:)` writes as compact JSON without building a tree
/// first: for values written by the hundred thousand (every event capture accepts).
public protocol JSONBytesWritable: Encodable {
    /// Appends exactly the bytes `JSONValueEncoder().encode(self).serialized()` would make.
    /// Any difference would make an event's bytes depend on the path that wrote them (`events.jsonl`
    /// through this, `run.json` through the tree). `JSONValueEncoder.serialize(_:_:)` takes this
    /// path for compact output only: pretty output has no such form.
    func appendJSON(to output: inout [UInt8])
}
