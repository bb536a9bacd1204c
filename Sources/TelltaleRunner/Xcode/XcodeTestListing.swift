import Foundation
import TelltaleModel

/// What `xcodebuild test-without-building -enumerate-tests -test-enumeration-format json
/// -test-enumeration-style flat` writes: for each test plan configuration, its enabled and
/// disabled tests by identifier.
///
/// ```json
/// { "errors": [], "values": [ { "testPlan": "App", "enabledTests": [ { "identifier": "AppTests/CartTests/testAdd()" } ], "disabledTests": [] } ] }
/// ```
package struct XcodeTestListing: Sendable, Decodable {
    package struct Configuration: Sendable, Decodable {
        package struct Test: Sendable, Decodable {
            package var identifier: String
        }

        package var testPlan: String?
        package var enabledTests: [Test]
        package var disabledTests: [Test]?
    }

    package var errors: [String]?
    package var values: [Configuration]

    package static func decode(_ data: Data, path: String) throws(XcodeError) -> XcodeTestListing {
        let listing: XcodeTestListing
        do {
            listing = try JSONDecoder().decode(XcodeTestListing.self, from: data)
        } catch {
            throw XcodeError(
                "\(path) is not xcodebuild's test enumeration: \(error)",
                remedy: "Xcode 16 or later writes it with `-enumerate-tests -test-enumeration-format json -test-enumeration-style flat`")
        }
        if let errors = listing.errors, !errors.isEmpty {
            throw XcodeError(
                "xcodebuild could not list the tests: \(errors.joined(separator: "; "))",
                remedy: "check the scheme's test plan and the destination; the build log is in logs/build.log")
        }
        return listing
    }

    /// The enabled tests of every configuration, once each, as Telltale ids: `Target/Class/testMethod()`
    /// becomes `Target.Class/testMethod` (XCTest's id, as `swift test` and the xcresult import
    /// name it), `Target/Suite/check()` stays a function (`Target.Suite/check()`).
    package var tests: [ListedTest] {
        var seen: Set<TestID> = []
        var tests: [ListedTest] = []
        for configuration in values {
            for test in configuration.enabledTests {
                let listed = Self.listedTest(identifier: test.identifier)
                if seen.insert(listed.id).inserted { tests.append(listed) }
            }
        }
        return tests
    }

    /// An identifier's test: its first part is the test bundle's module. A method named
    /// `test…` that takes nothing is XCTest's (Xcode writes it with or without `()`); the rest
    /// are Swift Testing's functions.
    static func listedTest(identifier: String) -> ListedTest {
        var parts = identifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let module = parts.removeFirst()
        let name = parts.last ?? ""
        let bare = name.hasSuffix("()") ? String(name.dropLast(2)) : name
        let isXCTest = parts.count >= 2 && bare.hasPrefix("test") && !bare.contains("(") && !bare.contains(":")
        if isXCTest { parts[parts.count - 1] = bare }
        return ListedTest(id: TestID("\(module).\(parts.joined(separator: "/"))"), framework: isXCTest ? .xctest : .swiftTesting)
    }
}
