import Synchronization
import TelltaleModel

/// Checks one event at a time against the tracking plan, as it arrives (`telltale capture
/// --catalog`), with the same engine and wording as a run's verification.
public final class TrackingPlanCheck: Sendable {
    private let checker: CatalogChecker
    /// Reused buffers and the memo of each name's disposition; events come from several event loops.
    private let scratch: Mutex<CatalogChecker.Scratch>

    public init(catalog: EventCatalog) throws(VerificationError) {
        checker = try CatalogChecker(catalog)
        scratch = Mutex(checker.scratch())
    }

    /// How the event breaks the plan; empty when it keeps it (or its name is ignored).
    public func violations(of event: Event) -> [CatalogViolation] {
        var collector = ViolationCollector()
        scratch.withLock { checker.check(event, scratch: &$0, into: &collector) }
        return collector.violations
    }
}
