/// Which JSON Schema a document is written in, from its `$schema`. The drafts differ in
/// spellings Telltale reads (tuple `items` against `prefixItems`, boolean `exclusiveMinimum`)
/// and in one rule: up to draft-07, a `$ref` leaves its sibling keywords out.
package enum JSONSchemaDialect: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case draft4 = "draft-04"
    case draft6 = "draft-06"
    case draft7 = "draft-07"
    case draft2019 = "2019-09"
    case draft2020 = "2020-12"

    package var description: String { rawValue }

    /// A document without `$schema` is read as the newest draft, as JSON Schema's validators do.
    package static let `default` = JSONSchemaDialect.draft2020

    /// The `$schema` Iglu's self-describing schemas carry: their bodies are draft-04.
    package static let igluMetaSchema = "http://iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-0-0#"

    /// The dialect a `$schema` URI names, or nil for one Telltale does not know.
    package init?(metaSchema uri: String) {
        // `https://json-schema.org/draft/2020-12/schema#`, with or without the `#`, over either scheme
        // and in any case, names the same draft.
        var text = uri.lowercased()
        while text.hasSuffix("#") { text.removeLast() }
        if text.hasPrefix("https://") { text = "http://" + text.dropFirst("https://".count) }
        switch text {
        // The unversioned `http://json-schema.org/schema` is read as draft-04.
        case "http://json-schema.org/draft-04/schema", "http://json-schema.org/schema": self = .draft4
        case "http://json-schema.org/draft-06/schema": self = .draft6
        case "http://json-schema.org/draft-07/schema": self = .draft7
        case "http://json-schema.org/draft/2019-09/schema": self = .draft2019
        case "http://json-schema.org/draft/2020-12/schema": self = .draft2020
        default:
            // Any 1-x-x version of Iglu's self-describing meta-schema: its bodies are draft-04.
            guard text.hasPrefix("http://iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-") else { return nil }
            self = .draft4
        }
    }

    /// `$ref` with siblings: ignored up to draft-07, applied with them from 2019-09.
    package var refIgnoresSiblings: Bool { self <= .draft7 }

    /// `items` as a list of schemas (a tuple) and `additionalItems`: up to 2019-09;
    /// 2020-12 writes `prefixItems` and `items`.
    package var hasTupleItems: Bool { self <= .draft2019 }
}

extension JSONSchemaDialect: Comparable {
    /// By age, in the order of the cases: `draft4` is the oldest.
    package static func < (lhs: JSONSchemaDialect, rhs: JSONSchemaDialect) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
