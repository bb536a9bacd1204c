import Foundation
import TelltaleCodegen
import TelltaleModel
import TelltalePlan

// What the TelltaleGenerateSwift build plugin runs (not for people: they run
// `telltale plan generate-swift`): CATALOG --out FILE --source TEXT [--expectations]
// [--import MODULE]... [--access public|internal]. Problems go to stderr as
// `file:line:column: error: …`, which SwiftPM and Xcode show at the plan's line.

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
    case _ where !argument.hasPrefix("-") && catalogPath == nil: catalogPath = argument
    default: fail("error: telltale-generate-swift: unexpected argument \(argument)")
    }
}
guard let catalogPath, let out else {
    fail("usage: telltale-generate-swift CATALOG --out FILE [--source TEXT] [--expectations] [--import MODULE]... [--access public|internal]")
}

let catalog: EventCatalog
do {
    catalog = try CatalogLoader().loadForGeneration(path: catalogPath).catalog
} catch {
    fail(error.errorDescription ?? "\(error)")
}
let generator = SwiftCodeGenerator(access: access, source: source ?? GeneratedFile.relativePath(of: catalogPath, from: out), imports: imports)
do {
    try GeneratedFile.write(expectations ? generator.expectations(catalog) : generator.events(catalog), to: out)
} catch {
    fail("error: telltale-generate-swift: cannot write \(out): \(error.localizedDescription)")
}
