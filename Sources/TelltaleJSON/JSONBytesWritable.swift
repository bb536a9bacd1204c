/// A type `JSONValueEncoder.serialize(_:)` writes as compact JSON without building a tree
/// first: for values written by the hundred thousand (every event capture accepts).
public protocol JSONBytesWritable: Encodable {
    /// Appends exactly the bytes `JSONValueEncoder().encode(self).serialized()` would make.
    func appendJSON(to output: inout [UInt8])
}
