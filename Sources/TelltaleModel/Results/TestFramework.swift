/// The library a test is written with; it decides how the runner drives and parses it.
package enum TestFramework: String, Codable, Sendable, Hashable, CaseIterable {
    case xctest
    case swiftTesting = "swift-testing"
}
