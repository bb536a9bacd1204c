import TelltaleModel
import Yams

extension PlanDecoder {
    /// The keys of `xcode:`: `scheme` and `destination` are required, `project` and `workspace`
    /// exclude each other, and `configurations` needs `testPlan`.
    static let xcodeKeys = ["project", "workspace", "scheme", "testPlan", "configurations", "destination", "derivedData", "buildArguments"]

    /// `xcode:`: the project or workspace, the scheme and test plan, the destination.
    mutating func xcode(_ node: Node, path: String) -> XcodeProject? {
        if node.isNull { return nil }
        let example = #"`xcode: { project: App.xcodeproj, scheme: App, destination: "platform=iOS Simulator,name=iPhone 16" }`"#
        guard let mapping = mapping(node, path: path, example: example) else { return nil }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.xcodeKeys)
        // Neither `project` nor `workspace`: the container stays `.found`, the one project
        // xcodebuild finds in its working directory.
        var xcode = XcodeProject(scheme: "", destination: "")
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "project": if let path = nonEmptyString(value, path: keyPath) { xcode.container = .project(path) }
            case "workspace": if let path = nonEmptyString(value, path: keyPath) { xcode.container = .workspace(path) }
            case "scheme": xcode.scheme = nonEmptyString(value, path: keyPath) ?? ""
            case "testPlan": xcode.testPlan = nonEmptyString(value, path: keyPath)
            case "configurations": xcode.configurations = strings(value, path: keyPath).map(\.value)
            case "destination": xcode.destination = nonEmptyString(value, path: keyPath) ?? ""
            case "derivedData": xcode.derivedData = nonEmptyString(value, path: keyPath) ?? XcodeProject.defaultDerivedData
            case "buildArguments": xcode.buildArguments = strings(value, path: keyPath).map(\.value)
            default: break
            }
        }
        // Reported at `xcode:` itself: a missing key has no line of its own to point at.
        for (key, hint) in [
            ("scheme", "name the scheme whose tests run: `scheme: App`"),
            (
                "destination",
                #"name the simulator or device: `destination: "platform=iOS Simulator,name=iPhone 16"` (`xcrun simctl list devices` lists them)"#
            ),
        ] where entries[key] == nil {
            report("`xcode` has no `\(key)`", at: node, path: path.appendingKey(key), hint: hint)
        }
        if let project = entries["project"], entries["workspace"] != nil {
            report(
                "`project` and `workspace` both given", at: project, path: path.appendingKey("project"),
                hint: "name one: xcodebuild takes `-project` or `-workspace`, not both")
        }
        // `-only-test-configuration` picks configurations of a test plan, so the plan must be named.
        if xcode.testPlan == nil, let configurations = entries["configurations"] {
            report(
                "`configurations` needs a `testPlan`", at: configurations, path: path.appendingKey("configurations"),
                hint: "configurations belong to a test plan: name it with `testPlan: Smoke`")
        }
        return xcode
    }
}
