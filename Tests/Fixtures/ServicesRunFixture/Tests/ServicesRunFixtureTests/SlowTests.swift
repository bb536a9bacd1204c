import Foundation
import XCTest

/// Holds a test process (and its backend) alive until someone kills the run.
final class SlowTests: XCTestCase {
    func testWaitsLong() async throws {
        _ = try await Backend.call("GET", "/current")
        // Tells the test that kills the run that this test (and so its backend) is running.
        if let signal = ProcessInfo.processInfo.environment["SLOW_TEST_SIGNAL"],
            let handle = FileHandle(forWritingAtPath: signal)
        {
            handle.write(Data("running\n".utf8))
            try handle.close()
        }
        try await Task.sleep(for: .seconds(120))
    }
}
