import Foundation
import XCTest

/// Fails the first time it runs in a build, on whichever machine, and passes after: the marker
/// file in `QUEUE_FIXTURE_MARKER` (a folder every machine of the test shares) says it ran.
final class FirstRunFailsCases: XCTestCase {
    func testFailsTheFirstTime() throws {
        guard let folder = ProcessInfo.processInfo.environment["QUEUE_FIXTURE_MARKER"] else { return }
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
