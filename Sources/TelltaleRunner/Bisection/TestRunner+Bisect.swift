import Foundation
import TelltaleModel

extension TestRunner {
    /// `TELLTALE_SESSION` of a bisection's test processes: their events are not the run's.
    public var bisectSession: String { "\(configuration.session)-bisect" }

    /// After the run's passes: each suspected victim or brittle test (`OrderSuspect`) has its
    /// predecessors bisected, one after another, until `bisectBudget` is spent. Not under a
    /// lifecycle or a coverage map, where every test runs alone and nothing runs before it.
    func bisectSuspects(
        _ contexts: [TestProcessContext], listed: [TestFramework: [TestID]], observer: any TestRunObserver, ledger: TestResultLedger
    )
        async throws
    {
        guard configuration.bisectBudget > .zero, configuration.lifecycle == nil, configuration.profileFileByTest == nil,
            let first = contexts.first
        else { return }
        let suspects = OrderSuspect.find(in: await ledger.results)
        guard !suspects.isEmpty else { return }
        let deadline = ContinuousClock.now + configuration.bisectBudget
        let probe = OrderProbe(context: bisecting(first), listed: listed)
        for suspect in suspects {
            await observer.bisecting(suspect)
            let dependency = try await probe.bisect(suspect, deadline: deadline, command: configuration.reproductionCommand)
            await ledger.setOrderDependency(dependency, for: suspect.test)
            await observer.bisected(suspect.test, dependency)
        }
    }

    /// A worker's context for bisection runs: its variables (its services' instances), its own
    /// session, and the tests' timeouts without the run's time budget, which a bisection after
    /// the run must not be killed by.
    private func bisecting(_ context: TestProcessContext) -> TestProcessContext {
        var context = context
        context.environment[TelltaleEnvironment.session] = bisectSession
        context.limits.defaults.budget = nil
        context.limits.settings = context.limits.settings.mapValues { settings in
            var settings = settings
            settings.budget = nil
            return settings
        }
        return context
    }

    /// Runs `body` with a probe that runs this configuration's tests as a bisection does
    /// (`telltale bisect`), its scratch files removed afterwards.
    public func withOrderProbe<T>(allListed: [ListedTest], _ body: (OrderProbe) async throws -> T) async throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let limits = TimeLimits(settings: configuration.settings, defaults: configuration.defaultSettings, testingStarted: Date(), ownLimits: [:])
        let ledger = TestResultLedger()
        let context = try workerContexts(
            count: 1, allListed: allListed, scratch: scratch, limits: limits, observer: DiscardingObserver(), ledger: ledger)[0]
        let listed = Dictionary(grouping: allListed, by: \.framework).mapValues { $0.map(\.id) }
        let result = try await body(OrderProbe(context: bisecting(context), listed: listed))
        await context.log.close()
        return result
    }
}
