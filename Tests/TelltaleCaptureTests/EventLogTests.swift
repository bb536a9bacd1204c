import Foundation
import NIOCore
import NIOPosix
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The durable log, synced (group commit) and written only (one `write` per event-loop turn):
/// concurrent appends all land, whole and once; close waits for what was appended; nothing is
/// taken after close.
@Suite(.tags(.medium))
struct EventLogTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("telltale-log-\(UUID().uuidString)/events.jsonl").path
    }

    @Test(arguments: [true, false])
    func concurrentAppendsAreAllWrittenWholeInGroups(synchronous: Bool) async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let log = try EventLog(path: path, synchronous: synchronous)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<50 { try await log.append(Array("{\"task\":\(task),\"line\":\(line)}\n".utf8)) }
                }
            }
            try await group.waitForAll()
        }
        await log.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 400)
        #expect(Set(lines).count == 400)
        // Each task's lines keep their order: an append completes before the task's next one.
        for task in 0..<8 {
            let mine = lines.filter { $0.hasPrefix("{\"task\":\(task),") }
            #expect(mine == (0..<50).map { "{\"task\":\(task),\"line\":\($0)}"[...] })
        }
    }

    @Test func groupsGatherOnlyUnderManyConcurrentSenders() {
        // A lone sender, or a few, never waits for others.
        #expect(EventLog.gatherTarget(lastGroupSize: 1, waiting: 1, senders: 1) == nil)
        #expect(EventLog.gatherTarget(lastGroupSize: 16, waiting: 1, senders: 16) == nil)
        #expect(EventLog.gatherTarget(lastGroupSize: 20, waiting: 1, senders: 40) == 20)
        // Many senders: the next group waits for twice the last, up to half the connections,
        // so the other half keeps the event loops busy while it syncs.
        #expect(EventLog.gatherTarget(lastGroupSize: 30, waiting: 10, senders: 256) == 60)
        #expect(EventLog.gatherTarget(lastGroupSize: 100, waiting: 10, senders: 256) == 128)
        #expect(EventLog.gatherTarget(lastGroupSize: 100, waiting: 128, senders: 256) == nil)
        // After small groups it does not wait, however many connections are open.
        #expect(EventLog.gatherTarget(lastGroupSize: 8, waiting: 1, senders: 256) == nil)
    }

    @Test(arguments: [true, false])
    func closeWaitsForTheGroupBeingWrittenAndRefusesLaterAppends(synchronous: Bool) async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let log = try EventLog(path: path, synchronous: synchronous)
        async let written: Void = log.append(Array("{\"a\":1}\n".utf8))
        try await written
        await log.close()
        await log.close()
        await #expect(throws: CaptureError.self) { try await log.append(Array("{\"b\":2}\n".utf8)) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n")
    }

    /// Without sync, each event loop's lines wait for that loop's turn: a close in between
    /// writes every loop's lines, and the writes the loops scheduled find nothing left to write.
    @Test func closeWritesLinesStillWaitingForEachLoopsTurn() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let log = try EventLog(path: path, synchronous: false)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let loops = [group.next(), group.next()]
        #expect(loops[0] !== loops[1])
        let resume = DispatchSemaphore(value: 0)
        var written: [EventLoopFuture<Void>] = []
        for (number, loop) in loops.enumerated() {
            let promise = loop.makePromise(of: Void.self)
            written.append(promise.futureResult)
            await withCheckedContinuation { (appended: CheckedContinuation<Void, Never>) in
                loop.execute {
                    log.append(Array("{\"loop\":\(number)}\n".utf8), durable: promise)
                    appended.resume()
                    // Holds the loop, so the write its append scheduled has not run when the log closes.
                    resume.wait()
                }
            }
        }
        await log.close()
        resume.signal()
        resume.signal()
        for future in written { try await future.get() }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").sorted()
        #expect(lines == ["{\"loop\":0}", "{\"loop\":1}"])
        await #expect(throws: CaptureError.self) { try await log.append(Array("{\"late\":1}\n".utf8)) }
        try await group.shutdownGracefully()
    }
}
