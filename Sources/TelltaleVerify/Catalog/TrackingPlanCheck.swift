import Synchronization
import TelltaleModel

/// Checks one event at a time against the tracking plan, as it arrives (`telltale capture
/// --catalog`), with the same engine and wording as a run's verification.
package final class TrackingPlanCheck: Sendable {
    private let checker: CatalogChecker
    /// Reused buffers and the memo of each name's disposition; events come from several event loops.
    private let scratch: Mutex<CatalogChecker.Scratch>
    /// The plan's Iglu schemas as written, for Snowplow Micro's `/micro/iglu/…`.
    private let igluDocuments: [String: JSONValue]

    package init(catalog: EventCatalog) throws(VerificationError) {
        checker = try CatalogChecker(catalog)
        scratch = Mutex(checker.scratch())
        igluDocuments = Dictionary(uniqueKeysWithValues: catalog.iglu.map { ($0.key.uri, $0.value.document) })
    }

    /// How the event breaks the plan; empty when it keeps it (or its name is ignored).
    package func violations(of event: Event) -> [CatalogViolation] {
        var collector = ViolationCollector()
        // The lock covers the whole check: the scratch's buffers hold one event at a time.
        scratch.withLock { checker.check(event, scratch: &$0, into: &collector) }
        return collector.violations
    }

    /// The plan's Iglu schema with this `iglu:` URI, as written; nil when it has none.
    package func igluDocument(_ uri: String) -> JSONValue? {
        igluDocuments[uri]
    }

    /// How self-describing data (`{"schema": uri, "data": …}`'s `data`) breaks the plan's Iglu
    /// schema `uri`; nil when the plan has no such schema.
    package func violations(ofSelfDescribing data: JSONValue, schema uri: String) -> [JSONSchemaViolation]? {
        checker.findings(ofSelfDescribing: data, schema: uri)?.map(JSONSchemaViolation.init)
    }
}
