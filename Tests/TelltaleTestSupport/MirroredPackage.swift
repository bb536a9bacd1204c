import Foundation

/// A real package at a fixed tag, cloned once into the repository's `.build-packages` and kept
/// there (beside `.build`, not in it: a package in some `.build` is not where users keep theirs) (a CI run starts from a clean clone; a developer's runs reuse it). The clone is
/// made under a lock, in a folder of its own that is then renamed into place, so a test process
/// that finds the folder finds it whole. `https://github.com/OWNER/NAME` is read from the
/// machine's mirror where git is told so (`url.insteadOf`), as users' packages resolve.
public enum MirroredPackage {
    /// The package's folder, cloned if it is not there yet. `copy` names a second clone of the
    /// same tag, for a test that must leave it in a state of its own.
    public static func checkout(_ url: String, tag: String, copy: String? = nil, repository: String) async throws -> String {
        let name = URL(string: url)?.lastPathComponent ?? "package"
        let root = "\(repository)/.build-packages"
        let folder = "\(root)/\(name)-\(tag)" + (copy.map { "-\($0)" } ?? "")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try await PackageLock.withLock(root) {
            guard !FileManager.default.fileExists(atPath: "\(folder)/Package.swift") else { return }
            let partial = "\(folder).partial-\(getpid())"
            try? FileManager.default.removeItem(atPath: partial)
            try? FileManager.default.removeItem(atPath: folder)
            let clone = try await ChildProcesses.run("git", ["clone", "-q", url, partial])
            guard clone.status == 0 else { throw CloneFailed(url: url, tag: tag, output: clone.stderrText) }
            let checkout = try await ChildProcesses.run("git", ["-c", "advice.detachedHead=false", "checkout", "-q", tag], in: partial)
            guard checkout.status == 0 else { throw CloneFailed(url: url, tag: tag, output: checkout.stderrText) }
            try FileManager.default.moveItem(atPath: partial, toPath: folder)
        }
        return folder
    }

    public struct CloneFailed: LocalizedError {
        public var url: String
        public var tag: String
        public var output: String
        public var errorDescription: String? {
            "cannot check out \(url) at \(tag) (is the machine's package mirror there, and git told to use it?): \(output)"
        }
    }
}
