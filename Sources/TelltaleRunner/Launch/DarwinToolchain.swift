import Foundation
import TelltaleProcesses

/// Where a macOS toolchain keeps what `DarwinLauncher` runs, found as SwiftPM finds it.
package struct DarwinToolchain: Sendable {
    /// The toolchain's `usr/bin` (where `swift-build` is).
    package var binDirectory: String
    /// `xcrun --sdk macosx --show-sdk-platform-path`: its `Developer/Library/Frameworks` holds XCTest.
    package var platformPath: String?
    package var xcrun: String
    /// The variables already set (the new paths go after them, as SwiftPM appends them).
    package var inherited: [String: String]
    private var fileExists: @Sendable (String) -> Bool

    package init(
        binDirectory: String, platformPath: String?, xcrun: String = "/usr/bin/xcrun", inherited: [String: String] = [:],
        fileExists: @escaping @Sendable (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) {
        self.binDirectory = binDirectory
        self.platformPath = platformPath
        self.xcrun = xcrun
        self.inherited = inherited
        self.fileExists = fileExists
    }

    private var parent: String { (binDirectory as NSString).deletingLastPathComponent }

    /// A SwiftPM helper: beside `swift-build` in a development build, in `libexec/swift/pm` when installed.
    private func helper(_ name: String) -> String {
        let installed = "\(parent)/libexec/swift/pm/\(name)"
        let beside = "\(binDirectory)/\(name)"
        return fileExists(beside) && !fileExists(installed) ? beside : installed
    }

    package var testingHelper: String { helper("swiftpm-testing-helper") }
    package var xctestHelper: String { helper("swiftpm-xctest-helper") }

    /// The dynamic loader's paths for a test process: the toolchain's own Swift Testing (a
    /// Command Line Tools framework, or a swift.org toolchain's library folder), then the
    /// platform's test frameworks and libraries.
    package var environment: [String: String] {
        var frameworks: [String] = []
        var libraries: [String] = []
        let commandLineTools = ((parent as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Library/Developer/Frameworks")
        if fileExists("\(commandLineTools)/Testing.framework") {
            frameworks.append(commandLineTools)
        } else if fileExists("\(parent)/lib/swift/macosx/testing") {
            libraries.append("\(parent)/lib/swift/macosx/testing")
        }
        if let platformPath {
            frameworks += ["\(platformPath)/Developer/Library/Frameworks", "\(platformPath)/Developer/Library/PrivateFrameworks"]
            libraries.append("\(platformPath)/Developer/usr/lib")
        }
        var result: [String: String] = [:]
        for (key, paths) in [("DYLD_FRAMEWORK_PATH", frameworks), ("DYLD_LIBRARY_PATH", libraries)] where !paths.isEmpty {
            result[key] = ([inherited[key]].compactMap { $0 }.filter { !$0.isEmpty } + paths).joined(separator: ":")
        }
        return result
    }

    /// Finds the toolchain of the `swift` that builds the package (`xcrun --find swift-build`,
    /// as SwiftPM falls back to), and the macOS platform (`SWIFTPM_PLATFORM_PATH_macosx` or
    /// `xcrun --sdk macosx --show-sdk-platform-path`).
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> DarwinToolchain {
        let xcrun = "/usr/bin/xcrun"
        var platformPath = environment["SWIFTPM_PLATFORM_PATH_macosx"]
        if platformPath == nil {
            platformPath = await CommandOutput.of(ChildProcess(executable: xcrun, arguments: ["--sdk", "macosx", "--show-sdk-platform-path"])).first
        }
        let find = await CommandOutput.of(ChildProcess(executable: xcrun, arguments: ["--find", "swift-build"]))
        guard find.succeeded, let swiftBuild = find.first, swiftBuild.hasPrefix("/") else {
            throw RunnerError.launcherUnavailable(
                launcher: .darwin, reason: "`xcrun --find swift-build` found no toolchain: \(find.lines.suffix(3).joined(separator: " "))")
        }
        let bin = (URL(fileURLWithPath: swiftBuild).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent
        return DarwinToolchain(binDirectory: bin, platformPath: platformPath, xcrun: xcrun, inherited: environment)
    }
}
