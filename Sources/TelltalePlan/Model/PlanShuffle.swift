/// `shuffle:` in a plan (`--shuffle[=SEED]` overrides it): the order tests are handed out in,
/// and which tests share a process, drawn from a seed (Docs/Flaky.md).
package enum PlanShuffle: Sendable, Equatable {
    /// The usual order (`shuffle: false`, the default).
    case off
    /// A fresh seed each run, printed at its start (`shuffle: true`, `--shuffle`).
    case random
    /// This seed's order (`shuffle: 12345`, `--shuffle=12345`).
    case seed(Int)

    /// The seed a run uses: the given one, a fresh one, or nil for the usual order.
    package func resolvedSeed(fresh: () -> Int) -> Int? {
        switch self {
        case .off: nil
        case .random: fresh()
        case .seed(let seed): seed
        }
    }
}
