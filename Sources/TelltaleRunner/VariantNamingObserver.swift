import TelltaleModel

/// Between a variant's test process and the run: the process reports each test by the id its
/// binary lists (`Module.Suite/test`), the run knows it as `Module.Suite/test [variant]`.
struct VariantNamingObserver: ForwardingObserver {
    let variant: String
    let next: any TestRunObserver

    func testFinished(_ result: TestResult) async {
        await next.testFinished(result.inVariant(variant))
    }
}

extension TestResult {
    /// This result under `variant`'s name.
    func inVariant(_ variant: String) -> TestResult {
        var named = self
        named.id = id.inVariant(variant)
        return named
    }
}

extension BatchResult {
    /// What a variant's process produced, named as the run knows its tests.
    func inVariant(_ variant: String) -> BatchResult {
        var named = self
        named.results = results.map { $0.inVariant(variant) }
        named.notStarted = notStarted.map { $0.inVariant(variant) }
        named.ambiguousCrash = ambiguousCrash.map { $0.inVariant(variant) }
        return named
    }
}

extension TimeLimits {
    /// The limits of `variant`'s tests keyed by the ids their process reports them under.
    func inVariant(_ variant: String) -> TimeLimits {
        var limits = self
        limits.settings = Dictionary(
            settings.compactMap { id, value in id.variant == variant ? (id.withoutVariant, value) : nil }
        ) { first, _ in first }
        limits.ownLimits = Dictionary(
            ownLimits.compactMap { id, value in id.variant == variant ? (id.withoutVariant, value) : nil }
        ) { first, _ in first }
        return limits
    }
}

extension TestResult {
    /// An imported result under a plan variant: its device or configuration (`[iPhone 16]`, when
    /// the run had several) and the variant together, `Suite/test [iPhone 16, loggedOut]`.
    func inXcodeVariant(_ variant: String) -> TestResult {
        var named = self
        named.id = id.variant.map { id.withoutVariant.inVariant("\($0), \(variant)") } ?? id.inVariant(variant)
        return named
    }
}
