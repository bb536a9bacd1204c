import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleVerify

extension RecordRules {
    /// The plan's rules every record of it is judged by, on every road (a run, a merge, a queue
    /// build's report): its expectations and tracking plan, its quarantine, and the package's
    /// folder here.
    package init(_ plan: Plan, verifier: Verifier?) {
        self.init(
            verifier: verifier, quarantine: QuarantineList(plan.quarantine),
            packageRoot: URL(fileURLWithPath: plan.package).standardizedFileURL.path)
    }
}
