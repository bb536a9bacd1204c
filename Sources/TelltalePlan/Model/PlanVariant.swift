/// One named set of flags a suite runs under (`variants:`): every test of the suite runs once per
/// variant, its result named `Module.Suite/test [name]` in every report and in the history.
package struct PlanVariant: Sendable, Equatable {
    /// Letters, digits, `_`, `.` and `-`, so `--filter 'testPay \[loggedOut\]'` selects it plainly.
    package var name: String
    /// Over the plan's and the suite's `environment`.
    package var environment: [String: String]
    /// After the plan's and the suite's `arguments`: the app's launch arguments under UI tests.
    package var arguments: [String]

    package init(name: String, environment: [String: String] = [:], arguments: [String] = []) {
        self.name = name
        self.environment = environment
        self.arguments = arguments
    }

    /// What a variant's name may hold.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0) }
    }
}
