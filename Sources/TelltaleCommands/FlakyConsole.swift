import TelltaleModel

/// What a run found about flaky tests, on stdout before the totals: each repeated test's failure
/// rate (`--repeat`, `--until-failure`), each order dependency bisection found, and each flaky
/// test's cause.
enum FlakyConsole {
    static func print(_ record: RunRecord) {
        // `--repeat` and `--until-failure`: a line for the whole run, then each test that failed at
        // least once, with its rate (`TestRepeats.summary`).
        if let order = record.order, order.repetitions > 1 {
            let failing = record.tests.filter { ($0.repeats?.failures ?? 0) > 0 }
            Swift.print("repeated \(order.repetitions) times: \(failing.isEmpty ? "no test failed" : "\(failing.count) failed at least once")")
            for test in failing { Swift.print("  \(test.id): \(test.repeats!.summary)") }
        }
        // Per test, in the record's order: its order dependency, then its flaky cause.
        for test in record.tests {
            // One not reproduced is in the cause's evidence.
            if let dependency = test.orderDependency, dependency.verdict != .notReproduced || test.flakyCause == nil {
                Swift.print("\(test.id): \(dependency.summary)")
                if let reproduce = dependency.reproduce { Swift.print("  reproduce: \(reproduce)") }
            }
            // An order-dependent cause's evidence is its dependency's summary, printed just above.
            if let cause = test.flakyCause, cause.kind != .orderDependent {
                Swift.print("\(test.id): flaky, \(cause.kind.label): \(cause.evidence)")
            }
        }
        // A shuffled run's seed, which `--shuffle=SEED` takes to hand the tests out in the same order.
        if let seed = record.order?.seed { Swift.print(RunOrder.seedLine(seed)) }
    }
}
