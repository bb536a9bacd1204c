/// Compiles schemas into `CompiledSchema`s that share one table of `$ref` targets, each target
/// compiled once however many schemas refer to it (and recursive ones without recursing).
package struct SchemaCompiler {
    package var regexes: RegexCache
    /// What compile errors say the schemas belong to (`tracking plan`).
    let subject: String
    private let definitions: [String: JSONSchema]
    /// `$ref` targets by URI, numbered in the order first referred to, which `targets` keeps.
    private var indexes: [String: Int] = [:]
    private var targets: [String] = []

    package init(definitions: [String: JSONSchema], subject: String, regexes: RegexCache = RegexCache()) {
        self.definitions = definitions
        self.subject = subject
        self.regexes = regexes
    }

    /// The table index of a `$ref` target; it is compiled by `referenceTable()`.
    mutating func index(of uri: String) -> Int {
        if let index = indexes[uri] { return index }
        indexes[uri] = targets.count
        targets.append(uri)
        return targets.count - 1
    }

    /// Every target referred to so far, and those they refer to, by index.
    package mutating func referenceTable() throws(VerificationError) -> [CompiledSchema] {
        var table: [CompiledSchema] = []
        // Until the table catches up: compiling a target can refer to new ones, which `index(of:)`
        // appends to `targets`.
        while table.count < targets.count {
            let uri = targets[table.count]
            guard let target = definitions[uri] else { throw .unresolvedReference(uri, context: subject) }
            table.append(try CompiledSchema(target, compiler: &self))
        }
        return table
    }

    /// Where a compile error is: `tracking plan (file:///…/order.json#/properties/sku)`.
    static func context(of schema: JSONSchema, subject: String) -> String {
        "\(subject) (\(schema.location))"
    }

    /// What messages say a value should be: `string`, `number or null`, `any value`; through
    /// `$ref`s to their target's types.
    func typeText(of schema: JSONSchema) -> String {
        var current = schema
        var seen: Set<String> = []
        // `seen` stops a `$ref` loop; the reader reports one as a problem.
        while current.types.isEmpty, let reference = current.reference, seen.insert(reference).inserted, let target = definitions[reference] {
            current = target
        }
        return current.types.isEmpty ? "any value" : current.types.map(\.rawValue).joined(separator: " or ")
    }
}
