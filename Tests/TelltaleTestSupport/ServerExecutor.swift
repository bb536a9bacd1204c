import Foundation

/// Threads of their own for the servers tests start inside the test process.
///
/// Swift Testing starts every test at once on the cooperative pool, which has one thread per
/// core, and a synchronous test holds its thread until it ends. A server whose handlers queue
/// behind hundreds of such tests answered only after more than ten seconds on a two-core CI
/// machine. A task that prefers this executor, and every child task it makes (each connection
/// Hummingbird serves, each default actor it calls), runs here instead, beside the pool.
public final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    /// Shared by every server of the process: servers wait on I/O, so a few threads serve many.
    public static let shared = ServerExecutor(threads: 4)

    private let condition = NSCondition()
    /// Jobs waiting for a thread, oldest first; guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "ServerExecutor \(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            // Drop the jobs already taken once the queue empties, so it never grows for good.
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
