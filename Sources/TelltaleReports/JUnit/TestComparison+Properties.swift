import TelltaleModel

extension TestComparison {
    /// JUnit `property` elements for what the test did against the base: `comparison` (the class:
    /// `newFailure`, `stillFailing`, `fixed`, `newTest`, `newlyFlaky`, `slower`), `comparison.base`
    /// (its outcome there; none for a new test), `comparison.baseline` (the base's name) and, for a
    /// much slower test, `comparison.baseDuration` (its median seconds there).
    func properties(baseline: String) -> [(name: String, value: String)] {
        var properties = [("comparison", change.rawValue)]
        if let base { properties.append(("comparison.base", base.rawValue)) }
        properties.append(("comparison.baseline", baseline))
        if let baseDuration { properties.append(("comparison.baseDuration", JUnitWriter.seconds(baseDuration))) }
        return properties
    }
}
