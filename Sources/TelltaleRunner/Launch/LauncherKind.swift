import Foundation

/// Which `TestLauncher` starts a run's test processes (`telltale run --launcher`).
package enum LauncherKind: String, Sendable, CaseIterable, CustomStringConvertible {
    case direct
    case darwin
    case swiftpm

    package var description: String { rawValue }

    /// The launcher for a built test product: the executable itself where it is one (Linux),
    /// SwiftPM's way on macOS where it is a bundle, and `swift test` anywhere else.
    package static func automatic(testProduct: String) -> LauncherKind {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: testProduct, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: testProduct) { return .direct }
        #if os(macOS)
            if exists, isDirectory.boolValue { return .darwin }
        #endif
        return .swiftpm
    }

    /// Whether this launcher can run where Telltale runs now (nil), or why not.
    package var unavailableReason: String? {
        #if os(macOS)
            return nil
        #else
            return self == .darwin ? "the darwin launcher runs test bundles with xcrun and SwiftPM's helpers, which only macOS has" : nil
        #endif
    }
}

extension LauncherKind {
    /// What the launcher runs, for the run's progress line.
    package var summary: String {
        switch self {
        case .direct: "direct (the test executable itself)"
        case .darwin: "darwin (xcrun xctest and swiftpm-testing-helper, as SwiftPM on macOS)"
        case .swiftpm: "swiftpm (swift test --skip-build)"
        }
    }

    /// The launcher for `testProduct` (the `*PackageTests.xctest` the build made).
    package func makeLauncher(testProduct: String, packagePath: String, buildArguments: [String] = []) async throws -> any TestLauncher {
        if let unavailableReason { throw RunnerError.launcherUnavailable(launcher: self, reason: unavailableReason) }
        switch self {
        case .direct:
            guard Self.automatic(testProduct: testProduct) == .direct else {
                throw RunnerError.launcherUnavailable(
                    launcher: self, reason: "\(testProduct) is not an executable (a macOS bundle is run by darwin or swiftpm)")
            }
            return DirectLauncher(binary: testProduct)
        case .darwin:
            return DarwinLauncher(bundle: testProduct, toolchain: try await DarwinToolchain.locate())
        case .swiftpm:
            let absolute = URL(fileURLWithPath: packagePath).standardizedFileURL.path
            return SwiftPMLauncher(packagePath: absolute, buildArguments: buildArguments)
        }
    }
}
