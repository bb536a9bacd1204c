/// One run of a test as `FlakyClassifier` sees it: what a run record's attempt holds, and what a
/// history keeps of each result, so the same classifier judges one run or many.
package struct AttemptObservation: Sendable, Hashable {
    package var outcome: TestOutcome
    /// Seconds.
    package var duration: Double
    package var worker: Int?
    /// The host that ran it (`RunEnvironment.host`).
    package var machine: String?
    /// The plan variant it ran under (`TestID.variant`).
    package var variant: String?
    /// Its test process and position there (`TestPlacement`).
    package var process: String?
    package var position: Int?
    /// The seed of its pass's order (`--shuffle`).
    package var seed: Int?

    package init(
        outcome: TestOutcome, duration: Double, worker: Int? = nil, machine: String? = nil, variant: String? = nil,
        process: String? = nil, position: Int? = nil, seed: Int? = nil
    ) {
        self.outcome = outcome
        self.duration = duration
        self.worker = worker
        self.machine = machine
        self.variant = variant
        self.process = process
        self.position = position
        self.seed = seed
    }
}
