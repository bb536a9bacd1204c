import Foundation

/// A fixture package's sources, copied without anything a build or a run leaves in it.
///
/// Another test may be building the fixture in place while this one copies it: its `.build`
/// changes under the copy (a vanished `build.db-journal` once failed a copy), and a copied
/// `.build` is stale in a folder of another name anyway. What is copied is what git tracks
/// there: every entry but the ignored ones below.
public enum FixtureSources {
    /// Entries a build, a run or an editor writes into a package folder (as the repository's
    /// `.gitignore` ignores them), never copied.
    public static let ignored: Set<String> = [".build", ".swiftpm", "Package.resolved", "Reports", ".telltale", ".DS_Store"]

    /// Copies `package` to `destination` (which must not exist yet), leaving out the ignored entries.
    public static func copy(_ package: String, to destination: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: package)
        guard let entries = manager.enumerator(at: source, includingPropertiesForKeys: [.isDirectoryKey], options: [], errorHandler: nil)
        else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: package]) }
        var copied = 0
        for case let entry as URL in entries {
            let name = entry.lastPathComponent
            if ignored.contains(name) || name.hasPrefix(".build") {
                entries.skipDescendants()
                continue
            }
            let relative = String(entry.standardizedFileURL.path.dropFirst(source.standardizedFileURL.path.count + 1))
            let target = "\(destination)/\(relative)"
            if try entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
                try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            } else {
                try manager.copyItem(atPath: entry.path, toPath: target)
                copied += 1
            }
        }
        guard copied > 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "\(package)/Package.swift"]) }
    }
}
