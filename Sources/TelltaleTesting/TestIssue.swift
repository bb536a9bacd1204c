#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Records a failure in whichever framework is running the current test.
enum TestIssue {
    static func record(_ message: String, fileID: String, filePath: StaticString, line: Int, column: Int) {
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message), sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: line, column: column))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: UInt(line))
        #else
            print("\(filePath):\(line): error: \(message)")
        #endif
    }
}
