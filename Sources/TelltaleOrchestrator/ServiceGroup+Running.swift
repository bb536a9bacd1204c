import Logging
import ServiceLifecycle

extension ServiceGroup {
    /// A quiet group of `services`: its own messages would only repeat what the run reports.
    static func quiet(_ services: [any Service], label: String) -> ServiceGroup {
        ServiceGroup(
            configuration: .init(
                services: services.map { .init(service: $0) },
                logger: Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
            ))
    }

    /// Runs the group beside `body`; once `body` returns or throws, shuts the group down
    /// gracefully (in reverse start order) and waits for it. Returns what `body` did and the
    /// error the group ended with, if any, so the caller decides which one explains the run.
    func running<T: Sendable>(
        _ body: () async throws -> T
    ) async -> (result: Result<T, any Error>, groupError: (any Error)?) {
        await withTaskGroup(of: (any Error)?.self) { tasks in
            // The group's error is returned, not thrown: a service that failed while the tests
            // ran must not hide what `body` returned (the record to write).
            tasks.addTask {
                do {
                    try await self.run()
                    return nil
                } catch {
                    return error
                }
            }
            let result: Result<T, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            // `body` is over: the services stop now, whatever happened, before the caller goes on.
            await triggerGracefulShutdown()
            let groupError = await tasks.next() ?? nil
            return (result, groupError)
        }
    }
}
