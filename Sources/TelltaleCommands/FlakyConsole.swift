import TelltaleModel

/// What a run found about flaky tests, on stdout before the totals: each repeated test's failure
/// rate (`--repeat`, `--until-failure`), each order dependency bisection found, and each flaky
/// test's cause.
enum FlakyConsole {
    static func print(_ record: RunRecord) {
        if let order = record.order, order.repetitions > 1 {
            let failing = record.tests.filter { ($0.repeats?.failures ?? 0) > 0 }
            Swift.print("repeated \(order.repetitions) times: \(failing.isEmpty ? "no test failed" : "\(failing.count) failed at least once")")
            for test in failing { Swift.print("  \(test.id): \(test.repeats!.summary)") }
        }
        for test in record.tests {
            // One not reproduced is in the cause's evidence.
            if let dependency = test.orderDependency, dependency.verdict != .notReproduced || test.flakyCause == nil {
                Swift.print("\(test.id): \(dependency.summary)")
                if let reproduce = dependency.reproduce { Swift.print("  reproduce: \(reproduce)") }
            }
            if let cause = test.flakyCause, cause.kind != .orderDependent {
                Swift.print("\(test.id): flaky, \(cause.kind.label): \(cause.evidence)")
            }
        }
        if let seed = record.order?.seed { Swift.print(RunOrder.seedLine(seed)) }
    }
}
