import Foundation
import TelltaleProcesses

/// A package's targets and what they depend on, as `swift package describe --type json` says.
package struct PackageGraph: Sendable, Equatable {
    package struct Target: Sendable, Equatable {
        package var name: String
        /// The module name test ids start with (`my-lib` is `my_lib`).
        package var module: String
        /// `regular`, `executable`, `test`, … as SwiftPM names target types.
        package var type: String
        /// Relative to the package: `Sources/DequeModule`.
        package var path: String
        /// Targets of this package it depends on.
        package var dependencies: [String]
        /// Products of other packages it depends on.
        package var products: [String]

        package var isTest: Bool { type == "test" }
    }

    /// A dependency on a package on this disk (`.package(path:)`): its changes count too.
    package struct LocalPackage: Sendable, Equatable {
        package var path: String
        /// The products it offers; nil when `swift package describe` could not read it, so a
        /// change inside it cannot be traced (`ChangeSelection` then runs everything).
        package var products: [String]?
    }

    package var root: String
    package var targets: [Target]
    /// Its `.package(path:)` dependencies, with the products each offers.
    package var localPackages: [LocalPackage]

    package struct PackageGraphError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// Describes `package` and, for their product names, its local path dependencies.
    package static func load(package: String) async throws -> PackageGraph {
        var (graph, _) = try await describe(package)
        for index in graph.localPackages.indices {
            // One that cannot be described keeps no products (nil): its changes then run everything,
            // never nothing.
            let local = try? await describe(graph.localPackages[index].path)
            graph.localPackages[index].products = local?.productNames
        }
        return graph
    }

    private static func describe(_ package: String) async throws -> (PackageGraph, productNames: [String]) {
        let describe = await CommandOutput.of(
            ChildProcess(
                executable: "swift",
                arguments: ["package", "--package-path", package] + SwiftPMLock.arguments() + ["describe", "--type", "json"]))
        // The JSON from its first `{` to its last `}`: lines SwiftPM prints around it are left out.
        guard describe.succeeded, let start = describe.text.firstIndex(of: "{"), let end = describe.text.lastIndex(of: "}") else {
            throw PackageGraphError(description: "`swift package describe` failed in \(package):\n\(describe.text.suffix(2000))")
        }
        return try parse(Data(describe.text[start...end].utf8))
    }

    /// The graph and the package's product names, from the describe JSON.
    static func parse(_ data: Data) throws -> (PackageGraph, productNames: [String]) {
        struct Description: Decodable {
            struct Dependency: Decodable {
                var type: String
                var path: String?
            }
            struct DescribedTarget: Decodable {
                var name: String
                var c99name: String?
                var type: String
                var path: String
                var targetDependencies: [String]?
                var productDependencies: [String]?

                enum CodingKeys: String, CodingKey {
                    case name, c99name, type, path
                    case targetDependencies = "target_dependencies"
                    case productDependencies = "product_dependencies"
                }
            }
            struct Product: Decodable {
                var name: String
            }
            var path: String
            var dependencies: [Dependency]?
            var targets: [DescribedTarget]
            var products: [Product]?
        }
        let description = try JSONDecoder().decode(Description.self, from: data)
        let graph = PackageGraph(
            root: description.path,
            targets: description.targets.map {
                Target(
                    name: $0.name, module: $0.c99name ?? $0.name, type: $0.type, path: $0.path,
                    dependencies: $0.targetDependencies ?? [], products: $0.productDependencies ?? []
                )
            },
            localPackages: (description.dependencies ?? []).compactMap { dependency in
                // `fileSystem`: a `.package(path:)` dependency. A remote one changes only through `Package.resolved`.
                dependency.type == "fileSystem" ? dependency.path.map { LocalPackage(path: $0, products: nil) } : nil
            }
        )
        return (graph, (description.products ?? []).map(\.name))
    }
}
