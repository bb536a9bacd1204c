import Foundation
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct PlanLoaderTests {
    @Test(.tags(.medium)) func loadReadsThePlanAndAcceptsAPackage() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 6.2\n", to: "Demo/Package.swift")
        let package = (directory.path as NSString).appendingPathComponent("Demo")
        let path = try directory.write("version: 1\npackage: \(package)\nretries: 1\n", to: "Plans/nightly.yml")

        let plan = try PlanLoader().load(path: path)
        #expect(plan == Plan(name: "nightly", package: package, retries: 1, sourcePath: path))
    }

    @Test(.tags(.medium)) func loadReportsAPackageWithoutPackageSwift() throws {
        let directory = try TemporaryDirectory()
        try directory.write("not a package\n", to: "Demo/README.md")
        let package = (directory.path as NSString).appendingPathComponent("Demo")
        let missing = (directory.path as NSString).appendingPathComponent("Nowhere")
        let withoutManifest = try directory.write("version: 1\nname: x\npackage: \(package)\n", to: "a.yml")
        let nowhere = try directory.write("version: 2\npackage: '\(missing)'\n", to: "b.yml")

        #expect {
            try PlanLoader().load(path: withoutManifest)
        } throws: { error in
            let problems = (error as? PlanError)?.problems ?? []
            return problems.map(\.location) == ["3:10 package"]
                && problems.first?.message == "'\(package)' has no Package.swift"
                && problems.first?.file == withoutManifest
        }
        // Every problem at once: the package check does not hide the version problem.
        #expect {
            try PlanLoader().load(path: nowhere)
        } throws: { error in
            let problems = (error as? PlanError)?.problems ?? []
            return problems.map(\.location) == ["1:10 version", "2:10 package"]
                && problems.last?.message == "'\(missing)' is not a directory"
        }
    }

    @Test(.tags(.medium)) func loadReportsAMissingPlanFile() throws {
        let directory = try TemporaryDirectory()
        let path = (directory.path as NSString).appendingPathComponent("absent.yml")
        #expect {
            try PlanLoader().load(path: path)
        } throws: { error in
            let problems = (error as? PlanError)?.problems ?? []
            return problems.map(\.location) == ["1:1 "]
                && problems.first?.message == "there is no plan file at this path"
        }
    }
}
