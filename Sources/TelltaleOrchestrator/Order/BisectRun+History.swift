import Foundation
import TelltaleHistory
import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// `telltale bisect TEST_ID --run RUN_ID`: the run's processes read back from the history,
/// `ProcessOrder` over the placements it stored.
extension BisectRun {
    /// `--run` as a run's id in the history: digits (`#12` too, as `history runs` shows it) that name no file.
    var historyRunID: Int64? {
        guard let run = options.run, !FileManager.default.fileExists(atPath: run) else { return nil }
        return Int64(run.hasPrefix("#") ? String(run.dropFirst()) : run)
    }

    /// The run's results from the history `--history`, `TELLTALE_HISTORY_URL` or the plan names
    /// (the default file beside the package otherwise), with a name for messages; a missing
    /// history, an unknown id or a run without placements is a usage error that says what to do.
    func readHistoryRun(_ id: Int64, plan: Plan) async throws(OrchestratorError) -> (String, [TestResult]) {
        let value =
            RunHistory.value(history: plan.history, option: options.history, noHistory: false, package: plan.package)
            ?? PlanHistory.defaultPath(package: plan.package)
        let location: HistoryLocation
        do {
            location = try HistoryLocation(value)
        } catch {
            throw .badOption("--history \(value): \(error)")
        }
        if case .file(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw .badOption("no history at \(path) to read run #\(id) from: give it with --history, or --run a report folder")
        }
        let read: Result<HistoryStore.StoredRunRecord?, HistoryError> = await HistoryStore.withStore(at: location) { opened in
            do throws(HistoryError) {
                return .success(try await opened.get().storedRun(id: id))
            } catch {
                return .failure(error)
            }
        }
        let name = "run #\(id) of \(location)"
        switch read {
        case .failure(let error):
            throw .infrastructure(.launchFailed(command: "telltale bisect --run \(id)", reason: error.description))
        case .success(nil):
            throw .badOption("\(location) has no run #\(id): `telltale history runs` lists the runs and their ids")
        case .success(let stored?):
            guard stored.hasOrder else {
                throw .badOption(
                    "\(name) has no recorded order (it ran before Telltale kept where tests ran, or was imported from JUnit): "
                        + "rerun with --shuffle (and a newer telltale), then bisect that run")
            }
            return (name, stored.results)
        }
    }
}
