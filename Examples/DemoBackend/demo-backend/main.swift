import DemoShopBackend
import Foundation

// Flags: --run-mode=test adds /tests/reset, /tests/setup and /tests/teardown.
// Environment: PORT (default 8080), DATABASE_PATH (default shop.sqlite),
// DEMO_BREAK_TEARDOWN (a test whose teardown check fails on purpose).
do {
    try await DemoBackend.run()
} catch {
    // A readable line for the service log instead of a crash report: Telltale shows the last lines.
    FileHandle.standardError.write(Data("demo-backend: \(error)\n".utf8))
    exit(1)
}
