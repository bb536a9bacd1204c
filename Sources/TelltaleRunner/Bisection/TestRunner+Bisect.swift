import Foundation
import TelltaleModel

extension TestRunner {
    /// `TELLTALE_SESSION` of a bisection's test processes: their events are not the run's.
    package var bisectSession: String { "\(configuration.session)-bisect" }

    /// After the run's passes: each suspected victim or brittle test (`OrderSuspect`) has its
    /// predecessors bisected, one after another, until `bisectBudget` is spent; then each test
    /// that failed in every attempt and passed after other tests in an earlier run, over the
    /// tests before it there. Not under a lifecycle or a coverage map, where every test runs
    /// alone and nothing runs before it.
    func bisectSuspects(
        _ contexts: [TestProcessContext], listed: [TestFramework: [TestID]], observer: any TestRunObserver, ledger: TestResultLedger
    )
        async throws
    {
        guard configuration.bisectBudget > .zero, configuration.lifecycle == nil, configuration.profileFileByTest == nil,
            let first = contexts.first
        else { return }
        let results = await ledger.results
        let suspects = OrderSuspect.find(in: results)
        let earlier = await earlierSuspects(results, besides: Set(suspects.map(\.test)))
        guard !suspects.isEmpty || !earlier.isEmpty else { return }
        let deadline = ContinuousClock.now + configuration.bisectBudget
        let probe = OrderProbe(context: bisecting(first), listed: listed)
        for suspect in suspects {
            await observer.bisecting(suspect)
            let dependency = try await probe.bisect(suspect, deadline: deadline, command: configuration.reproductionCommand)
            await ledger.setOrderDependency(dependency, for: suspect.test)
            await observer.bisected(suspect.test, dependency)
        }
        let order = ProcessOrder(results)
        let byID = Dictionary(results.map { ($0.id, $0) }) { first, _ in first }
        var unexplained: [TestID] = []
        for hypothesis in earlier {
            guard ContinuousClock.now < deadline, let result = byID[hypothesis.test] else { break }
            guard let suspect = try await confirmed(hypothesis, result, order: order, probe: probe) else {
                unexplained.append(hypothesis.test)
                continue
            }
            await observer.bisecting(suspect)
            let dependency = try await probe.bisect(suspect, deadline: deadline, command: configuration.reproductionCommand)
            // A pass in another run is a hypothesis: when those tests do not make it pass here,
            // it fails for another reason, and the record says so once, in a note.
            guard dependency.verdict != .notReproduced else {
                unexplained.append(suspect.test)
                continue
            }
            await ledger.setOrderDependency(dependency, for: suspect.test)
            await observer.bisected(suspect.test, dependency)
        }
        if !unexplained.isEmpty {
            let names =
                unexplained.prefix(5).map(\.rawValue).joined(separator: ", ") + (unexplained.count > 5 ? " and \(unexplained.count - 5) more" : "")
            await ledger.note(
                "order: \(unexplained.count) test(s) failed in every attempt here and passed after other tests in an earlier run, but neither those tests nor this run's order explain it (they fail for another reason): \(names)"
            )
        }
    }

    /// Whether a test that failed in every attempt and passed after other tests in an earlier
    /// run is brittle here: it must fail alone (an attempt alone here shows it, else a run of
    /// it alone); one that passes alone failed after this run's other tests, and is their
    /// suspected victim instead (when it ran after some). Nil: neither.
    private func confirmed(
        _ hypothesis: OrderSuspect, _ result: TestResult, order: ProcessOrder, probe: OrderProbe
    ) async throws -> OrderSuspect? {
        if result.allAttempts.contains(where: { $0.outcome.isFailure && $0.placement?.isAlone == true }) { return hypothesis }
        let alone = try await probe.run([], then: hypothesis.test, framework: hypothesis.framework)
        guard alone?.outcome == .passed else { return hypothesis }
        return OrderSuspect.victim(result, order: order)
    }

    /// The tests that failed in every attempt here (their retries spent) and passed after other
    /// tests in an earlier run (`earlierPasses`, the history's), as suspected brittle tests, in
    /// the record's order; none that `besides` (this run's own suspects) has.
    private func earlierSuspects(_ results: [TestResult], besides: Set<TestID>) async -> [OrderSuspect] {
        guard let earlierPasses = configuration.earlierPasses else { return [] }
        func retries(_ id: TestID) -> Int { (configuration.settings[id] ?? configuration.defaultSettings).retries }
        let failing = results.filter { !besides.contains($0.id) && OrderSuspect.failedForGood($0, retries: retries($0.id)) }
        guard !failing.isEmpty else { return [] }
        let passes = await earlierPasses(failing.map(\.id))
        return failing.compactMap { result in
            passes[result.id].flatMap { OrderSuspect.brittle(result, retries: retries(result.id), passedEarlier: $0) }
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
    package func withOrderProbe<T>(allListed: [ListedTest], _ body: (OrderProbe) async throws -> T) async throws -> T {
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
