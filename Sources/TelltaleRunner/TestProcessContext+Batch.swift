import TelltaleModel

extension TestProcessContext {
    /// Runs `batch` in a process (or a few, for a long selection) with its tests' own variables.
    /// A variant's tests run by the ids the binary lists and come back under the variant's
    /// (`VariantNamingObserver`).
    func runBatch(_ batch: TestBatch, listed: [TestFramework: [TestID]]) async throws -> BatchResult {
        let listed = listed[batch.framework] ?? []
        var context = self
        if let variables = testEnvironment[batch.tests[0]] { context.environment.merge(variables) { _, own in own } }
        if let file = profileFileByTest?[batch.tests[0]] { context.environment[ProfileFileName.variable] = file }
        var run = batch
        let variant = batch.tests[0].variant
        if let variant {
            run.tests = batch.tests.map(\.withoutVariant)
            context.observer = VariantNamingObserver(variant: variant, next: context.observer)
            context.limits = context.limits.inVariant(variant)
        }
        let outcome =
            switch batch.framework {
            case .xctest: try await XCTestProcess(context: context, listed: listed).run(run)
            case .swiftTesting: try await SwiftTestingProcess(context: context, listed: listed).run(run)
            }
        return variant.map(outcome.inVariant) ?? outcome
    }
}
