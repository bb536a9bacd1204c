import Foundation
import TelltaleModel

/// Where a test process crashed, read from what it printed before it died, so the error
/// reaches JUnit's `file`/`line`, annotations and review tools at the failing line.
///
/// The runtime's own message comes first: `Module/File.swift:12: Fatal error: boom` (Swift 5.9
/// and later; `Precondition failed` and `Assertion failed` alike), or the older `Fatal error:
/// boom: file Module/File.swift, line 12`. Its `Module/File.swift` is resolved to the package's
/// file. A trap inside the standard library names the library's file (`Swift/Array.swift`); then
/// the backtrace's first frame in the package's own sources (`… at /path/File.swift:12:5`) is used.
enum CrashLocation {
    static let runtimeMessages = [": Fatal error", ": Precondition failed", ": Assertion failed"]

    static func find(in lines: [String], packageRoot: String?) -> SourceLocation? {
        for line in lines {
            guard let (file, number) = runtimeMessageLocation(in: line) else { continue }
            if let path = resolve(file, packageRoot: packageRoot) { return SourceLocation(file: path, line: number) }
            break
        }
        guard let root = packageRoot.map(standardized) else { return nil }
        for line in lines {
            if let frame = backtraceFrame(in: line), frame.file.hasPrefix(root + "/"), !frame.file.contains("/.build") {
                return frame
            }
        }
        return nil
    }

    /// `(file, line)` of a runtime message, in either form.
    static func runtimeMessageLocation(in line: String) -> (String, Int)? {
        if let marker = runtimeMessages.lazy.compactMap({ line.range(of: $0) }).first {
            let head = line[..<marker.lowerBound]
            if let colon = head.lastIndex(of: ":"), let number = Int(head[head.index(after: colon)...]) {
                let file = head[..<colon].split(separator: " ").last.map(String.init) ?? ""
                if file.hasSuffix(".swift") { return (file, number) }
            }
        }
        // Before Swift 5.9: `Fatal error: message: file Module/File.swift, line 12`.
        if line.contains("Fatal error: "), let file = line.range(of: ": file ", options: .backwards),
            let comma = line.range(of: ", line ", range: file.upperBound..<line.endIndex),
            let number = Int(line[comma.upperBound...].prefix { $0.isNumber })
        {
            return (String(line[file.upperBound..<comma.lowerBound]), number)
        }
        return nil
    }

    /// `… at /path/File.swift:12:5` at the end of a symbolicated backtrace frame.
    static func backtraceFrame(in line: String) -> SourceLocation? {
        guard let at = line.range(of: " at /", options: .backwards) else { return nil }
        let parts = line[line.index(before: at.upperBound)...].split(separator: ":")
        guard parts.count >= 2, parts[0].hasSuffix(".swift"), let number = Int(parts[1]) else { return nil }
        return SourceLocation(file: String(parts[0]), line: number, column: parts.count > 2 ? Int(parts[2]) : nil)
    }

    /// An absolute path as it is; `Module/File.swift` as the one file of that name under a
    /// folder named after the module in the package (SwiftPM's `Sources/Module`, `Tests/Module`,
    /// or a target's own `path:`). Nil when it is not the package's.
    static func resolve(_ file: String, packageRoot: String?) -> String? {
        if file.hasPrefix("/") { return FileManager.default.fileExists(atPath: file) ? file : nil }
        guard let root = packageRoot.map(standardized) else { return nil }
        let parts = file.split(separator: "/").map(String.init)
        guard let name = parts.last else { return nil }
        let module = parts.count > 1 ? parts[0] : nil
        let candidates = files(named: name, under: root)
        let inModule = candidates.filter { path in module.map { path.contains("/\($0)/") } ?? true }
        return inModule.count == 1 ? inModule[0] : nil
    }

    private static func files(named name: String, under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let last = (relative as NSString).lastPathComponent
            if last.hasPrefix(".") || last == "Packages" {
                walker.skipDescendants()
            } else if last == name {
                found.append("\(root)/\(relative)")
            }
        }
        return found
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
