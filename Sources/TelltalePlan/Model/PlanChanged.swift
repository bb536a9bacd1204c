/// `changed:` in a plan: how `telltale run --changed` chooses the tests a change can affect.
package struct PlanChanged: Sendable, Equatable {
    /// `select: targets` (the default) or `tests`; `--select` overrides it.
    package var select: ChangeSelectionLevel

    package init(select: ChangeSelectionLevel = .targets) {
        self.select = select
    }
}

/// What `--changed` selects by.
package enum ChangeSelectionLevel: String, Sendable, Equatable, CaseIterable {
    /// The test targets that depend on a changed target (from the package's manifest).
    case targets
    /// The tests that executed a changed line, from the coverage map in the history
    /// (`telltale run --coverage-map`); target-level where the map cannot judge.
    case tests
}
