import Dispatch
import Foundation
import Synchronization

/// A task executor backed by one thread that lives as long as Telltale.
///
/// Services and test processes are started with `setpriv --pdeathsig KILL`
/// (see `ParentDeathSignal`), so the kernel kills them when their parent dies,
/// even when Telltale is killed with SIGKILL. But
/// Linux's "parent" here is the *thread* that forked the child: when that
/// thread exits, the child gets the signal too. Swift concurrency's pool
/// threads (libdispatch workers) exit after a few seconds idle, which would
/// kill a healthy service mid-run. Forking from this thread, which never
/// exits, makes the parent-death signal fire exactly when Telltale dies.
package final class SpawnThread: TaskExecutor, Sendable {
    package static let shared = SpawnThread()

    private let jobs = Mutex<[UnownedJob]>([])
    /// Counts queued jobs, so the thread sleeps while there is nothing to run.
    private let available = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in runForever() }
        thread.name = "telltale-spawn"
        thread.start()
    }

    package func enqueue(_ job: UnownedJob) {
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    private func runForever() -> Never {
        while true {
            available.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
