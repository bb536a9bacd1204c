/// Why a test that both passed and failed did so, as far as its attempts can tell
/// (`FlakyClassifier`): the cause with the evidence for it.
package struct FlakyCause: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Bisection found the tests whose running before it decides its outcome (`OrderDependency`).
        case orderDependent
        /// Its failures took longer than its passes: a timeout, a race with a clock, a slow dependency.
        case slowWhenFailing
        /// It failed on one machine only.
        case machineSpecific
        /// It failed under one plan variant only.
        case variantSpecific
        /// It failed on one worker only (that worker's service instance, its files, its load).
        case workerSpecific
        /// None of the above: it failed at random as far as these runs tell.
        case unexplained

        /// For people: `order-dependent`, `slow when failing`, …
        package var label: String {
            switch self {
            case .orderDependent: "order-dependent"
            case .slowWhenFailing: "slow when failing"
            case .machineSpecific: "machine-specific"
            case .variantSpecific: "variant-specific"
            case .workerSpecific: "worker-specific"
            case .unexplained: "unexplained"
            }
        }
    }

    package var kind: Kind
    /// What the attempts showed: `failed 3 runs at 0.61–0.64 s, passed 7 at 0.02–0.05 s`.
    package var evidence: String

    package init(kind: Kind, evidence: String) {
        self.kind = kind
        self.evidence = evidence
    }
}
