import Foundation

/// Coverage could not be measured after the tests ran: a tool failed, or no test process
/// wrote a profile (a test binary built without coverage).
public struct CoverageFailure: Error, LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
