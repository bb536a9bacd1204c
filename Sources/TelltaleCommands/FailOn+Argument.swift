import ArgumentParser
import TelltaleModel

/// `--fail-on any|new`.
extension FailOn: ExpressibleByArgument {}
