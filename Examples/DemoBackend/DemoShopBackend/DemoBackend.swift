import Foundation
import Hummingbird

/// The demo shop's server: the shop API, and the test-mode routes with `--run-mode=test`.
public enum DemoBackend {
    public static func run(_ configuration: BackendConfiguration = .fromCommandLine()) async throws {
        let database = try ShopDatabase(path: configuration.databasePath)
        try database.seedIfEmpty()
        let router = Router()
        // One line per request in the service log, so a report can show what a test asked of the backend.
        router.middlewares.add(LogRequestsMiddleware(.info))
        ShopRoutes(database: database).register(on: router)
        if configuration.testMode {
            TestModeRoutes(database: database, configuration: configuration).register(on: router)
        }
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: "demo-backend"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let mode = configuration.testMode ? " (test mode, database \(configuration.databasePath))" : ""
                // Telltale's log readiness and its benchmark look for this line.
                print("demo-backend listening on http://127.0.0.1:\(port)\(mode)")
                fflush(nil)
            }
        )
        try await app.runService()
    }
}
