import TelltaleModel

/// Turns `.xctestplan` test references into regexes over Telltale test ids.
///
/// Xcode names tests `Class/testMethod()` (XCTest) or `Suite/function(label:)`
/// (Swift Testing) inside a target; Telltale ids are `Module.Class/testMethod`
/// (XCTest, no parentheses) and `Module.Suite/function(label:)`.
enum XCTestPlanPattern {
    /// The module SwiftPM builds for a target: non-identifier characters become `_`.
    static func moduleName(ofTarget target: String) -> String {
        var name = String(target.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        // An identifier cannot start with a digit: the target `2FA Tests` builds as `_2FA_Tests`.
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// Every test of the target.
    static func target(_ module: String) -> String {
        "^\(escaped(module))\\."
    }

    /// A regex over Telltale ids for one `selectedTests` or `skippedTests` entry, anchored to the
    /// module: `CartTests/testAdd()` gives `^Shop\.CartTests/testAdd(\(\))?$`, which takes the XCTest
    /// id and the Swift Testing one; `CartTests` gives `^Shop\.CartTests/`, every test of the class.
    static func test(_ reference: String, module: String) -> String {
        let prefix = "^\(escaped(module))\\."
        if reference.hasSuffix("()") {
            // XCTest ids drop the parentheses, Swift Testing ids keep them.
            return prefix + escaped(String(reference.dropLast(2))) + "(\\(\\))?$"
        }
        if reference.hasSuffix(")") {
            // Labels mean Swift Testing, whose ids are written the same way.
            return prefix + escaped(reference) + "$"
        }
        if reference.contains("/") {
            // A method written without parentheses, or a nested suite.
            return prefix + escaped(reference) + "(/|(\\(\\))?$)"
        }
        return prefix + escaped(reference) + "/"
    }

    /// Regex metacharacters escaped (`TestIDPattern`), so names match as written.
    static func escaped(_ text: String) -> String {
        TestIDPattern.escaped(text)
    }
}
