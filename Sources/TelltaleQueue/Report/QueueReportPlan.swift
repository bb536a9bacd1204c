import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleRecord
import TelltaleVerify

/// The plan `telltale queue report` judges a build by: the one its machines ran (named, or
/// `telltale.yml` found beside `Package.swift` as `run` finds it), so the build's record is
/// judged by the same rules as each machine's: its quarantine, its analytics expectations and
/// tracking plan, and its package folder here, under which every machine's source paths go.
package struct QueueReportPlan: Sendable {
    package var rules: RecordRules
    package var summary: PlanSummary?
    /// Which plan was used and why, or that none was: said before the report.
    package var note: String?

    /// Reads `path`, or the plan found in the current folder; with none, the build is judged
    /// without quarantine or expectations, and the note says how to give one.
    package static func load(_ path: String?) throws(QueueBuildReport.QueueReportError) -> QueueReportPlan {
        let discovery = path == nil ? PlanDiscovery.find(package: Plan.defaultPackage) : PlanDiscovery()
        guard let chosen = path ?? discovery.plan else {
            // Without a plan the package here is unknown: paths stay as the machines wrote them.
            return QueueReportPlan(
                rules: RecordRules(),
                note: "no plan: no telltale.yml beside Package.swift here, so the build is judged without its plan's quarantine "
                    + "and analytics expectations, its paths as each machine wrote them; name the plan the machines ran (telltale queue report PLAN.yml)"
            )
        }
        let checked: PlanLoader.Checked
        do {
            checked = try PlanLoader().loadChecked(path: chosen)
        } catch {
            throw .unusable(error.errorDescription ?? "\(error)")
        }
        let plan = checked.plan
        var verifier: Verifier?
        if !plan.expectations.isEmpty || checked.catalog != nil {
            do {
                verifier = try Verifier(expectations: plan.expectations, catalog: checked.catalog)
            } catch {
                throw .unusable("\(chosen): \(error.localizedDescription)")
            }
        }
        return QueueReportPlan(
            rules: RecordRules(plan, verifier: verifier),
            summary: PlanSummary(name: plan.name, path: plan.sourcePath, package: plan.package),
            note: path == nil ? discovery.note : nil)
    }
}
