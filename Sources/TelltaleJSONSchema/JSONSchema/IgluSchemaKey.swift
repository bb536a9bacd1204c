/// An Iglu schema's identity: `iglu:com.acme/checkout_started/jsonschema/1-0-0`, as a
/// self-describing schema's `self` declares it and a Snowplow event names its data's schema.
package struct IgluSchemaKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Reverse domain name: `com.acme`.
    package var vendor: String
    package var name: String
    /// The schema's format: `jsonschema`.
    package var format: String
    /// `MODEL-REVISION-ADDITION`, each a number: `1-0-2`.
    package var version: String

    package init(vendor: String, name: String, format: String = "jsonschema", version: String) {
        self.vendor = vendor
        self.name = name
        self.format = format
        self.version = version
    }

    /// From `iglu:vendor/name/format/version`; nil for anything else.
    package init?(uri: String) {
        guard uri.hasPrefix("iglu:") else { return nil }
        let parts = uri.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // Four non-empty parts, the last a version of three numbers: `iglu:com.acme/checkout/jsonschema/1-0`
        // is not a key.
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.init(vendor: parts[0], name: parts[1], format: parts[2], version: parts[3])
        guard versionNumbers != nil else { return nil }
    }

    package var uri: String { "iglu:\(vendor)/\(name)/\(format)/\(version)" }

    package var description: String { uri }

    /// `[model, revision, addition]`, or nil when `version` is not three numbers.
    package var versionNumbers: [Int]? {
        let numbers = version.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return numbers.map { $0! }
    }

    /// By vendor, name and format, then by version as numbers (`1-0-10` after `1-0-9`).
    package static func < (lhs: IgluSchemaKey, rhs: IgluSchemaKey) -> Bool {
        if (lhs.vendor, lhs.name, lhs.format) != (rhs.vendor, rhs.name, rhs.format) {
            return (lhs.vendor, lhs.name, lhs.format) < (rhs.vendor, rhs.name, rhs.format)
        }
        return (lhs.versionNumbers ?? []).lexicographicallyPrecedes(rhs.versionNumbers ?? [])
    }
}
