import ArgumentParser
import TelltaleModel

/// `--shard 2/4`.
extension Shard: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(parsing: argument)
    }
}
