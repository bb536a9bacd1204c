import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One user at a time of a package's build folder, in this process and across processes.
///
/// A fixture package under `Tests/Fixtures` is built in place and shared: a build there
/// rewrites what a run reads (binaries, `build.db` and its journal), and a build with other
/// flags (coverage) replaces them. Swift Testing runs a suite's tests in parallel in one
/// process, and several test processes (`swift test --parallel`, two checkouts' runs of one
/// fixture) may share the folder, so the lock is both: a FIFO of tasks here, then `flock(2)`
/// on a file in the package's `.build`, which the kernel drops when a process dies.
///
/// Not reentrant: a task that already holds a package's lock gets `AlreadyHeld` rather
/// than waiting on itself for ever.
public enum PackageLock {
    /// Runs `body` while holding `package`'s lock (an absolute path to a package folder).
    public static func withLock<T>(
        _ package: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> T {
        let key = URL(fileURLWithPath: package).standardizedFileURL.path
        if held.contains(key) { throw AlreadyHeld(package: key) }
        await Waiters.shared.acquire(key)
        let file: Int32
        do {
            file = try await lockFile(of: key)
        } catch {
            await Waiters.shared.release(key)
            throw error
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await $held.withValue(held.union([key])) { try await body() })
        } catch {
            result = .failure(error)
        }
        close(file)  // drops the flock
        await Waiters.shared.release(key)
        return try result.get()
    }

    /// The packages whose lock the current task (or the task it is a child of) holds.
    @TaskLocal static var held: Set<String> = []

    public struct AlreadyHeld: LocalizedError {
        public var package: String
        public var errorDescription: String? {
            "this task already holds the build lock of \(package); do the work inside the block that holds it"
        }
    }

    public struct LockFailed: LocalizedError {
        public var path: String
        public var code: Int32
        public var errorDescription: String? {
            "cannot lock \(path): \(String(cString: strerror(code))); is the fixture's .build folder writable?"
        }
    }

    /// Opens `<package>/.build/.telltale-tests.lock` and takes an exclusive `flock` on it, on a
    /// GCD thread: it blocks while another process holds it, and must not block Swift's pool.
    private static func lockFile(of package: String) async throws -> Int32 {
        let folder = package + "/.build"
        let path = folder + "/.telltale-tests.lock"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else {
                    return continuation.resume(throwing: LockFailed(path: path, code: errno))
                }
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        let code = errno
                        close(descriptor)
                        return continuation.resume(throwing: LockFailed(path: path, code: code))
                    }
                }
                continuation.resume(returning: descriptor)
            }
        }
    }

    /// Tasks of this process waiting for a package, first come first served.
    actor Waiters {
        static let shared = Waiters()
        private var busy: Set<String> = []
        private var queues: [String: [CheckedContinuation<Void, Never>]] = [:]

        func acquire(_ key: String) async {
            guard busy.contains(key) else {
                busy.insert(key)
                return
            }
            await withCheckedContinuation { queues[key, default: []].append($0) }
        }

        /// Hands the package to the next waiter, if any (it stays busy), or frees it.
        func release(_ key: String) {
            if var waiting = queues[key], !waiting.isEmpty {
                let next = waiting.removeFirst()
                queues[key] = waiting.isEmpty ? nil : waiting
                next.resume()
            } else {
                busy.remove(key)
            }
        }
    }
}
