import Foundation

/// Writing generated Swift: only when the text changed, so an unchanged plan leaves the file's
/// date alone and the build compiles nothing again.
package enum GeneratedFile {
    /// Writes `text` to `path` (creating its folder) unless it already holds exactly that; true
    /// when it wrote.
    @discardableResult
    package static func write(_ text: String, to path: String) throws -> Bool {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: path) == data { return false }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        return true
    }

    /// `path` as seen from the folder `output` sits in (`../Plans/events.yml`), so the header
    /// names the plan the same way on every machine and checkout.
    package static func relativePath(of path: String, from output: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().pathComponents
        // Up from the output's folder to the folders both paths share, then down to the plan.
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return parts.joined(separator: "/")
    }
}
