/// One JSON document that holds schemas: a schema file, an Iglu schema, or a schema written
/// inline in a YAML tracking plan.
package struct JSONSchemaDocument: Sendable, Hashable {
    /// Its URI, which relative `$ref`s resolve against: `file:///…/order.json`,
    /// `iglu:com.acme/checkout/jsonschema/1-0-0`.
    package var uri: String
    /// The file problems name (a path, as the user wrote it or as found in a folder).
    package var file: String
    package var value: JSONValue
    /// Where its values and keys are, and each object's key order: for problems' positions and
    /// for reading properties in the order written.
    package var sourceMap: JSONSourceMap
    /// How its schemas are read: from its `$schema`, else the loader's default.
    package var dialect: JSONSchemaDialect
    /// The path of the document's value inside `file`, for a schema written inside another
    /// document (`events.login_failed.schema` in a YAML plan); positions are looked up with it.
    package var pathInFile: [ParamPath.Component]

    package init(
        uri: String, file: String, value: JSONValue, sourceMap: JSONSourceMap, dialect: JSONSchemaDialect,
        pathInFile: [ParamPath.Component] = []
    ) {
        self.uri = uri
        self.file = file
        self.value = value
        self.sourceMap = sourceMap
        self.dialect = dialect
        self.pathInFile = pathInFile
    }

    /// A document from JSON text; its dialect is its `$schema`'s, else `defaultDialect`.
    /// Throws the parser's error for text that is not JSON.
    package init(json text: String, uri: String, file: String, defaultDialect: JSONSchemaDialect = .default) throws(JSONParseError) {
        let value = try JSONValue(parsing: text)
        let dialect = value["$schema"]?.stringValue.flatMap(JSONSchemaDialect.init(metaSchema:)) ?? defaultDialect
        self.init(uri: uri, file: file, value: value, sourceMap: JSONSourceMap(json: text), dialect: dialect)
    }

    /// Where a problem about `path` (inside the document) points in its file.
    func position(of path: [ParamPath.Component], atKey: Bool) -> JSONSourceMap.Position {
        sourceMap.position(of: pathInFile + path, atKey: atKey)
    }

    /// The keys of the object at `path` in the order written (sorted when the order is unknown).
    func keys(at path: [ParamPath.Component], of members: [String: JSONValue]) -> [String] {
        // A repeated key makes the written order longer than the members: then it is sorted.
        if let order = sourceMap.keyOrder[ParamPath(pathInFile + path)], order.count == members.count { return order }
        return members.keys.sorted()
    }
}
