import Foundation
import TelltaleTestSupport
import Testing

/// The servers tests start in their own process answer on threads of their own
/// (`ServerExecutor`), not on the cooperative pool every test shares.
@Suite(.tags(.small))
struct ServerExecutorTests {
    /// Every pool thread is held by a task blocked on a semaphore while the control API is asked
    /// something; on the pool the request could only time out.
    @Test func theCaptureServerAnswersWhileEveryPoolThreadIsHeld() async throws {
        try await CaptureHarness.with { capture async throws in
            let port = try #require(capture.base.port)
            let status = await withCheckedContinuation { (answered: CheckedContinuation<Int, Never>) in
                DispatchQueue.global().async {
                    let threads = ProcessInfo.processInfo.activeProcessorCount
                    let started = DispatchSemaphore(value: 0)
                    let release = DispatchSemaphore(value: 0)
                    for _ in 0..<threads {
                        Task.detached {
                            started.signal()
                            release.wait()
                        }
                    }
                    // Each blocking task must be running before the request, or the pool is not held.
                    let held = (0..<threads).allSatisfy { _ in started.wait(timeout: .now() + 120) == .success }
                    let reply = try? RawHTTP.blockingExchange(host: "127.0.0.1", port: port, "GET", "/micro/all", headers: [:], body: "", until: nil)
                    for _ in 0..<threads { release.signal() }
                    answered.resume(returning: held ? reply?.status ?? 0 : -1)
                }
            }
            #expect(status == 200)
        }
    }
}
