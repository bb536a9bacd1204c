import TelltaleModel

extension TestResult {
    /// The test as the results reports publish: a parameterized test as one result per argument
    /// case (named `fn(_:) [3]`, stable while the arguments' descriptions are), with failures
    /// recorded outside any case (and a crash before the first) on a result of the test's own
    /// name; the test's output and earlier attempts go with its first case, where a reader looks
    /// first. Any other test is itself, under its listed name.
    func caseUnits() -> [(name: String, result: TestResult)] {
        guard let cases, !cases.isEmpty else { return [(id.listedName, self)] }
        var units: [(name: String, result: TestResult)] = []
        // Failures no case owns (a crash before the first, an issue in the test's own body) get
        // a unit of their own, or they would vanish from every case's result.
        if messages.contains(where: { $0.testCase == nil && $0.kind.failsTest }) {
            var own = self
            own.cases = nil
            own.outcome = messages.contains { $0.testCase == nil && $0.kind == .error } ? .error : .failed
            own.messages = messages.filter { $0.testCase == nil }
            own.attachments = attachments.filter { $0.testCase == nil }
            units.append((id.listedName, own))
        }
        for (index, testCase) in cases.enumerated() {
            var unit = self
            unit.cases = nil
            unit.outcome = testCase.outcome
            unit.duration = testCase.duration
            unit.messages = messages(of: testCase)
            unit.attachments = attachments(of: testCase)
            // The output and the earlier attempts are the whole test's: shown once, on the first case.
            if index > 0 {
                unit.output = ""
                unit.previousAttempts = []
            }
            units.append(("\(id.listedName) [\(testCase.name)]", unit))
        }
        return units
    }
}
