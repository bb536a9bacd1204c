import Foundation
import Shapes
import XCTest

/// Under Telltale (TELLTALE_RUN_DIR set) the first attempt measures a circle and then
/// crashes; the retry passes. Run by `swift test`, it passes at once. Either way the
/// circle's lines ran, and the crashed process's counts must not be lost.
final class RetryCrashTests: XCTestCase {
    func testCircleCrashesOnce() throws {
        XCTAssertEqual(area(of: .circle(1)), 3)
        if let runDirectory = ProcessInfo.processInfo.environment["TELLTALE_RUN_DIR"] {
            let marker = URL(fileURLWithPath: runDirectory).appendingPathComponent("coverage-fixture-crashed-once")
            if !FileManager.default.fileExists(atPath: marker.path) {
                FileManager.default.createFile(atPath: marker.path, contents: Data())
                fatalError("crashing on the first attempt, as the fixture intends")
            }
        }
    }
}
