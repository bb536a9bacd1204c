import Foundation
import Synchronization
import TelltaleTestSupport
import Testing

/// What keeps tests that share a fixture from racing on its build folder: `PackageLock` (one
/// user at a time, in this process and across processes) and `FixtureSources` (a copy without
/// what builds write).
@Suite(.tags(.medium))
struct FixtureSharingTests {
    /// A folder standing in for a package, fresh for each test.
    static func package() throws -> String {
        let folder = try TelltaleProcess.temporaryDirectory("FixtureSharingTests")
        try "// swift-tools-version: 6.0\n".write(toFile: "\(folder)/Package.swift", atomically: true, encoding: .utf8)
        return folder
    }

    /// Many tasks of this process at once: never two inside, and every one gets in.
    @Test func tasksOfOneProcessTakeTurns() async throws {
        let package = try Self.package()
        // A class holds the Mutex: a closure may not capture a noncopyable local.
        final class Inside: Sendable { let counts = Mutex((now: 0, most: 0, entered: 0)) }
        let inside = Inside()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await PackageLock.withLock(package) {
                        inside.counts.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                            $0.entered += 1
                        }
                        // Suspends, so another task would get in here if nothing kept it out.
                        for _ in 0..<5 { await Task.yield() }
                        try await Task.sleep(for: .milliseconds(1))
                        inside.counts.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(inside.counts.withLock { $0.most } == 1)
        #expect(inside.counts.withLock { $0.entered } == 40)
    }

    /// The lock is the kernel's, on a file another process can see: while the block runs, a
    /// non-blocking `flock` on that file (as another test process would take it) is refused,
    /// and after it is granted.
    @Test func anotherProcessCannotTakeTheLockWhileTheBlockRuns() async throws {
        let package = try Self.package()
        let lockFile = "\(package)/.build/.telltale-tests.lock"
        func tryFromAnotherProcess() async throws -> Int32 {
            // Python's fcntl.flock is flock(2) on Linux and macOS alike (util-linux's flock(1) is Linux's).
            let script = """
                import fcntl, sys
                try:
                    fcntl.flock(open(sys.argv[1], 'a'), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    sys.exit(9)
                """
            return try await ChildProcesses.run("python3", ["-c", script, lockFile]).status
        }
        let inside = try await PackageLock.withLock(package) { try await tryFromAnotherProcess() }
        #expect(inside == 9, "another process took the lock while the block ran")
        #expect(try await tryFromAnotherProcess() == 0)
    }

    /// A task that holds a package's lock and asks for it again fails at once, not for ever.
    @Test func askingAgainInsideTheBlockIsAnErrorNotAHang() async throws {
        let package = try Self.package()
        let error = try await PackageLock.withLock(package) {
            await #expect(throws: PackageLock.AlreadyHeld.self) { try await PackageLock.withLock(package) {} }
        }
        #expect(error?.package == URL(fileURLWithPath: package).standardizedFileURL.path)
    }

    /// A copy taken while a build keeps changing the fixture's `.build` (a journal appearing
    /// and vanishing, as SwiftPM's build.db-journal does) holds the sources and nothing of `.build`.
    @Test func aCopyTakenDuringABuildLeavesItsBuildFolderOut() async throws {
        let package = try Self.package()
        try FileManager.default.createDirectory(atPath: "\(package)/Sources/Lib", withIntermediateDirectories: true)
        try "public let x = 1\n".write(toFile: "\(package)/Sources/Lib/Lib.swift", atomically: true, encoding: .utf8)
        let build = "\(package)/.build/debug"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        let building = Atomic(true)
        let builder = Thread {
            var round = 0
            while building.load(ordering: .relaxed) {
                round += 1
                let journal = "\(build)/build.db-journal"
                _ = FileManager.default.createFile(atPath: journal, contents: Data(repeating: UInt8(round % 256), count: 4096))
                try? FileManager.default.removeItem(atPath: journal)
            }
        }
        builder.start()
        defer { building.store(false, ordering: .relaxed) }
        for round in 0..<200 {
            let copy = try TelltaleProcess.temporaryDirectory("FixtureSharingTests-copy") + "/Package"
            try FixtureSources.copy(package, to: copy)
            #expect(FileManager.default.fileExists(atPath: "\(copy)/Sources/Lib/Lib.swift"), "round \(round)")
            #expect(!FileManager.default.fileExists(atPath: "\(copy)/.build"), "round \(round)")
            try FileManager.default.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().path)
        }
    }
}
