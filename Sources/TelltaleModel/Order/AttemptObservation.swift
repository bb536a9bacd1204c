/// One run of a test as `FlakyClassifier` sees it: what a run record's attempt holds, and what a
/// history keeps of each result, so the same classifier judges one run or many.
public struct AttemptObservation: Sendable, Hashable {
    public var outcome: TestOutcome
    /// Seconds.
    public var duration: Double
    public var worker: Int?
    /// The host that ran it (`RunEnvironment.host`).
    public var machine: String?
    /// The plan variant it ran under (`TestID.variant`).
    public var variant: String?
    /// Its test process and position there (`TestPlacement`).
    public var process: String?
    public var position: Int?
    /// The seed of its pass's order (`--shuffle`).
    public var seed: Int?

    public init(
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
