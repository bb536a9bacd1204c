import Foundation
import Testing

/// Last in source order (its file sorts last), so under `--no-parallel` it never runs before the
/// order-dependent suites.
@Suite struct TimingSuite {
    @Test func random() {
        #expect(!Runs.isUnlucky("testing-random"), "an unlucky run")
    }

    @Test func slowFails() {
        guard Runs.isSlow("testing-slow") else { return Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 1)
        Issue.record("the answer took 1 s, over the 0.5 s allowed")
    }
}
