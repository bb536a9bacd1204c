import ArgumentParser
import TelltaleOrchestrator

/// `--launcher direct|darwin|swiftpm`.
extension LauncherKind: ExpressibleByArgument {}
