import Foundation
import PackagePlugin

/// `swift package --disable-sandbox telltale run …`: the released `telltale` of the artifact bundle
/// (nothing of Telltale is compiled), run in the package's folder with the arguments as given.
@main
struct TelltaleCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let telltale = try context.tool(named: "telltale")
        let process = Process()
        process.executableURL = telltale.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // SwiftPM holds the package's `.build` locked while a command plugin runs, and telltale
        // builds the package there: this tells it to pass `--ignore-lock` (SwiftPMLock).
        process.environment = ProcessInfo.processInfo.environment.merging(["TELLTALE_SWIFTPM_LOCK_HELD": "1"]) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // `swift package` exits 1 whatever the plugin's status: the message keeps telltale's
            // (1 a test failed, 2 bad usage, 3 infrastructure, or the signal that ended it).
            let how = process.terminationReason == .exit ? "exited with status" : "was ended by signal"
            Diagnostics.error("telltale \(how) \(process.terminationStatus)")
            return
        }
    }
}
