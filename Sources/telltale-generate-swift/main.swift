import Foundation
import TelltaleCodegen
import TelltaleModel
import TelltalePlan

// What the TelltaleGenerateSwift build plugin runs (not for people: they run
// `telltale plan generate-swift`): CATALOG --out FILE --source TEXT [--expectations]
// [--import MODULE]... [--access public|internal]. Problems go to stderr as
// `file:line:column: error: …`, which SwiftPM and Xcode show at the plan's line.

/// Writes `message` to stderr, which the build shows, and exits 1: the build command fails and
/// the build stops.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
    exit(1)
}

var arguments = CommandLine.arguments.dropFirst()
var catalogPath: String?
var out: String?
var source: String?
var expectations = false
var imports: [String] = []
var access = SwiftCodeGenerator.Access.public
while let argument = arguments.popFirst() {
    // The argument after a flag: every flag but `--expectations` takes one.
    func value() -> String {
        guard let value = arguments.popFirst() else { fail("error: telltale-generate-swift: \(argument) needs a value") }
        return value
    }
    switch argument {
    case "--out": out = value()
    case "--source": source = value()
    case "--expectations": expectations = true
    case "--import": imports.append(value())
    case "--access":
        let text = value()
        guard let level = SwiftCodeGenerator.Access(rawValue: text) else {
            fail("error: telltale-generate-swift: --access is public or internal, not \(text)")
        }
        access = level
    // The one positional argument: the plugin passes the tracking plan's absolute path.
    case _ where !argument.hasPrefix("-") && catalogPath == nil: catalogPath = argument
    default: fail("error: telltale-generate-swift: unexpected argument \(argument)")
    }
}
guard let catalogPath, let out else {
    fail("usage: telltale-generate-swift CATALOG --out FILE [--source TEXT] [--expectations] [--import MODULE]... [--access public|internal]")
}

// A plan is read for its `capture.catalog`, a tracking plan in any form as it stands; a
// `PlanError` describes every problem, one `file:line:column: error: …` line each.
let catalog: EventCatalog
do {
    catalog = try CatalogLoader().loadForGeneration(path: catalogPath).catalog
} catch {
    fail(error.errorDescription ?? "\(error)")
}
// The plugin passes `--source` as its configuration spells the plan: relative to the output,
// in the plugin's work folder, the path would change with where the build happens.
let generator = SwiftCodeGenerator(access: access, source: source ?? GeneratedFile.relativePath(of: catalogPath, from: out), imports: imports)
do {
    // Unchanged text leaves the file and its date alone, so the target compiles nothing again.
    try GeneratedFile.write(expectations ? generator.expectations(catalog) : generator.events(catalog), to: out)
} catch {
    fail("error: telltale-generate-swift: cannot write \(out): \(error.localizedDescription)")
}
