import Foundation

/// Coverage could not be measured after the tests ran: a tool failed, or no test process
/// wrote a profile (a test binary built without coverage).
package struct CoverageFailure: Error, LocalizedError, CustomStringConvertible {
    package var errorDescription: String? { description }
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
