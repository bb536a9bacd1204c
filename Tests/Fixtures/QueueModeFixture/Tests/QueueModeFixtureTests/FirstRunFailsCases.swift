import Foundation
import XCTest

/// Fails the first time it runs in a build, on whichever machine, and passes after: the marker
/// file in `QUEUE_FIXTURE_MARKER` (a folder every machine of the test shares) says it ran.
/// With `QUEUE_FIXTURE_RELEASE`, it first waits (a minute at most) for that file, which the test
/// creates once every machine has joined the build, by the queue's database: its retry then has
/// another machine to go to, whatever the timing.
final class FirstRunFailsCases: XCTestCase {
    func testFailsTheFirstTime() throws {
        guard let folder = ProcessInfo.processInfo.environment["QUEUE_FIXTURE_MARKER"] else { return }
        if let release = ProcessInfo.processInfo.environment["QUEUE_FIXTURE_RELEASE"] {
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: release), Date() < deadline { usleep(20_000) }
        }
        let marker = "\(folder)/ran"
        // Creating the file is the test's one atomic step: only the first run creates it.
        let created = FileManager.default.createFile(atPath: marker + ".tmp-\(getpid())", contents: Data())
        XCTAssertTrue(created)
        if link(marker + ".tmp-\(getpid())", marker) == 0 {
            XCTFail("the first run of this test in the build fails")
        }
        unlink(marker + ".tmp-\(getpid())")
    }
}
