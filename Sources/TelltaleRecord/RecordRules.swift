import TelltaleModel
import TelltaleVerify

/// The plan's rules a record is judged by: the same for a run, each of its shards and each
/// machine of a queue build, and for the build's record.
package struct RecordRules: Sendable {
    /// The plan's expectations and tracking plan; nil when it has none.
    package var verifier: Verifier?
    package var quarantine: QuarantineList
    /// The package's folder in this checkout, absolute: source paths of a result another machine
    /// or shard recorded under its own folder are moved here (`PathRerooting`).
    package var packageRoot: String?

    package init(verifier: Verifier? = nil, quarantine: QuarantineList = QuarantineList([]), packageRoot: String? = nil) {
        self.verifier = verifier
        self.quarantine = quarantine
        self.packageRoot = packageRoot
    }
}
