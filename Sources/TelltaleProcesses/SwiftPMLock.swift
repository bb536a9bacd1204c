import Foundation

/// SwiftPM's lock on a package's scratch folder, which a command plugin's SwiftPM holds while the
/// plugin runs: under `swift package telltale run` (the plugin package Scripts/package-plugin
/// writes), Telltale's own SwiftPM commands on that package would wait for it forever. The plugin
/// says so with `TELLTALE_SWIFTPM_LOCK_HELD=1`, and they pass `--ignore-lock`: the holder does
/// nothing with the folder until the plugin returns.
package enum SwiftPMLock {
    package static let heldVariable = "TELLTALE_SWIFTPM_LOCK_HELD"

    /// `--ignore-lock` when a command plugin holds the lock, else nothing.
    package static func arguments(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        environment[heldVariable] == "1" ? ["--ignore-lock"] : []
    }
}
