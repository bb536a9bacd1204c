/// The parts of `man xcodebuild` (Xcode 16) the plan's commands use, as a checker: the actions,
/// each option with the values it takes, `-only-testing:ID`/`-skip-testing:ID` in their colon
/// form, and build settings as `NAME=VALUE`.
enum XcodebuildManual {
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    static let actions: Set = ["build", "build-for-testing", "test", "test-without-building"]

    /// Options and how many values follow each; `nil` values: any one value.
    static let options: [String: [Set<String>?]] = [
        "-project": [nil], "-workspace": [nil], "-scheme": [nil], "-testPlan": [nil], "-destination": [nil],
        "-derivedDataPath": [nil], "-configuration": [nil], "-sdk": [nil], "-xctestrun": [nil], "-resultBundlePath": [nil],
        "-only-testing": [nil], "-skip-testing": [nil], "-only-test-configuration": [nil], "-skip-test-configuration": [nil],
        "-parallel-testing-enabled": [["YES", "NO"]], "-parallel-testing-worker-count": [nil], "-maximum-parallel-testing-workers": [nil],
        "-retry-tests-on-failure": [], "-test-iterations": [nil], "-enumerate-tests": [],
        "-test-enumeration-format": [["text", "json"]], "-test-enumeration-style": [["hierarchical", "flat"]],
        "-test-enumeration-output-path": [nil], "-quiet": [],
        "-test-timeouts-enabled": [["YES", "NO"]], "-default-test-execution-time-allowance": [nil], "-maximum-test-execution-time-allowance": [nil],
    ]

    /// Throws at the first argument the manual does not allow where it stands.
    static func check(_ arguments: [String]) throws {
        guard let action = arguments.first, actions.contains(action) else {
            throw Violation(description: "\(arguments.first ?? "nothing") is not an xcodebuild action")
        }
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument.hasPrefix("-only-testing:") || argument.hasPrefix("-skip-testing:") {
                guard argument.split(separator: ":", maxSplits: 1).count == 2 else { throw Violation(description: "\(argument) names no test") }
                continue
            }
            if !argument.hasPrefix("-"), let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
                argument[..<equals].allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" })
            {
                continue
            }
            guard let values = options[argument] else { throw Violation(description: "\(argument) is not an option xcodebuild documents") }
            for allowed in values {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { throw Violation(description: "\(argument) needs a value") }
                if let allowed, !allowed.contains(arguments[index]) {
                    throw Violation(description: "\(argument) takes one of \(allowed.sorted()), not \(arguments[index])")
                }
                index += 1
            }
        }
    }
}
