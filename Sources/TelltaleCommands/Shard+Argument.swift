import ArgumentParser
import TelltaleModel

/// `--shard 2/4`.
extension Shard: ExpressibleByArgument {
    /// Nil unless `I/N` with 1 ≤ I ≤ N, which the parser reports as a bad value for `--shard`.
    package init?(argument: String) {
        self.init(parsing: argument)
    }
}
