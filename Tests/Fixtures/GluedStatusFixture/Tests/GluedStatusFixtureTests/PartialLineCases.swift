import Foundation
import XCTest

/// Text without a final newline, on either stream, right before XCTest prints the status line:
/// both reach the reader as one line.
final class PartialLineCases: XCTestCase {
    func testPartialStdoutThenPasses() {
        print("partial stdout", terminator: "")
    }

    func testPartialStderrThenPasses() {
        FileHandle.standardError.write(Data("partial stderr".utf8))
    }

    func testPartialStdoutThenFails() {
        XCTFail("fails, then writes a partial line")
        print("partial stdout after the failure", terminator: "")
    }

    func testPartialStderrThenFails() {
        XCTFail("fails, then writes a partial line")
        FileHandle.standardError.write(Data("partial stderr after the failure".utf8))
    }

    func testPartialStderrBetweenLinesThenPasses() {
        print("a whole line")
        FileHandle.standardError.write(Data("no newline".utf8))
        print("another whole line")
    }
}
