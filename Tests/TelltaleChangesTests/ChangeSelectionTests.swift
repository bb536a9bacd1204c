import Foundation
import TelltaleTestSupport
import Testing

@testable import TelltaleChanges

/// Files to test targets, on a described package: ownership, reverse dependencies, local
/// path dependencies, and the changes that run everything.
@Suite(.tags(.small))
struct ChangeSelectionTests {
    static let describe = #"""
        {"name": "App", "path": "/repo/App", "products": [{"name": "AppKit"}],
         "dependencies": [{"identity": "shared", "type": "fileSystem", "path": "/repo/Shared"},
                          {"identity": "nio", "type": "sourceControl", "url": "https://github.com/apple/swift-nio"}],
         "targets": [
           {"name": "Core", "c99name": "Core", "type": "library", "path": "Sources/Core", "product_dependencies": ["SharedKit"]},
           {"name": "my-feature", "c99name": "my_feature", "type": "library", "path": "Sources/my-feature", "target_dependencies": ["Core"]},
           {"name": "Server", "c99name": "Server", "type": "executable", "path": "Sources/Server", "product_dependencies": ["NIO"]},
           {"name": "CoreTests", "c99name": "CoreTests", "type": "test", "path": "Tests/CoreTests", "target_dependencies": ["Core"]},
           {"name": "FeatureTests", "c99name": "FeatureTests", "type": "test", "path": "Tests/FeatureTests", "target_dependencies": ["my-feature"]},
           {"name": "ServerTests", "c99name": "ServerTests", "type": "test", "path": "Tests/ServerTests", "target_dependencies": ["Server"]}
         ]}
        """#

    func select(_ files: [String], plan: String? = "/repo/Plans/ci.yml", sharedProducts: [String]? = ["SharedKit"]) throws -> ChangeSelection {
        var (graph, _) = try PackageGraph.parse(Data(Self.describe.utf8))
        graph.localPackages[0].products = sharedProducts
        let changes = ChangeSet(base: "origin/main", files: files.map { "/repo/\($0)" })
        return ChangeSelection.select(changes: changes, graph: graph, planPath: plan)
    }

    @Test func theDescriptionIsRead() throws {
        let (graph, products) = try PackageGraph.parse(Data(Self.describe.utf8))
        #expect(products == ["AppKit"])
        #expect(graph.localPackages == [PackageGraph.LocalPackage(path: "/repo/Shared", products: nil)])
        #expect(graph.targets.first { $0.name == "my-feature" }?.module == "my_feature")
        #expect(graph.targets.filter(\.isTest).map(\.name) == ["CoreTests", "FeatureTests", "ServerTests"])
    }

    @Test func aLibraryChangeRunsEveryTestTargetThatReachesIt() throws {
        let selection = try select(["App/Sources/Core/Core.swift"])
        #expect(Set(selection.testTargets.keys) == ["CoreTests", "FeatureTests"])
        #expect(selection.testTargets["FeatureTests"] == "FeatureTests: Sources/Core/Core.swift changed (Core ← my-feature ← FeatureTests)")
        #expect(selection.explanation.first == "changed since origin/main: 1 file")
    }

    @Test func aTestTargetsOwnFilesRunOnlyIt() throws {
        #expect(Set(try select(["App/Tests/ServerTests/Fixtures/a.json"]).testTargets.keys) == ["ServerTests"])
    }

    @Test func aLocalDependencyCountsThroughItsProducts() throws {
        let selection = try select(["Shared/Sources/SharedKit/Kit.swift"])
        #expect(Set(selection.testTargets.keys) == ["CoreTests", "FeatureTests"])
    }

    /// A local dependency `swift package describe` could not read has no known products: a change
    /// in it runs everything, where it once selected no test target and said nothing.
    @Test func aChangeInALocalDependencyThatCouldNotBeDescribedRunsEverything() throws {
        let selection = try select(["Shared/Sources/SharedKit/Kit.swift"], sharedProducts: nil)
        #expect(
            selection.everything
                == "/repo/Shared/Sources/SharedKit/Kit.swift changed in the local dependency /repo/Shared, which `swift package describe` could not read"
        )
    }

    @Test func manifestsThePlanAndUnownedFilesRunEverything() throws {
        #expect(try select(["App/Package.swift"]).everything == "Package.swift changed")
        #expect(try select(["App/Package.resolved"]).everything == "Package.resolved changed")
        #expect(try select(["Plans/ci.yml"]).everything?.hasPrefix("the plan") == true)
        #expect(try select(["App/README.md"]).everything == "README.md changed and no target owns it")
    }

    @Test func filesOutsideThePackageAreNotItsConcern() throws {
        let selection = try select(["Docs/notes.md", "Other/Sources/X/x.swift"])
        #expect(selection.selectsNothing)
        #expect(selection.explanation == ["changed since origin/main: 0 files", "no test can be affected by this change"])
    }
}
