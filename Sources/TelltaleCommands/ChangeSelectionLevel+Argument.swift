import ArgumentParser
import TelltalePlan

/// `--select targets|tests`.
extension ChangeSelectionLevel: ExpressibleByArgument {}
