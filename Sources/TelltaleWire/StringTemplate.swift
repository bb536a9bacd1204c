/// A string with placeholders inside it, `order-{uuid}` or `{integer} items`: it matches a
/// string made of the literal parts with what each placeholder stands for between them.
public struct StringTemplate: Sendable, Hashable, CustomStringConvertible {
    public enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(Placeholder)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = parts
    }

    public var description: String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .placeholder(let placeholder): placeholder.description
            }
        }.joined()
    }
}
