import Foundation

/// Where and for whom one instance of a service runs.
package struct ServiceContext: Sendable, Equatable {
    /// The run's folder, `{run_dir}` in placeholders.
    package var runDirectory: String
    /// Where `<service>[-<worker>].log` is written, e.g. `Reports/logs`.
    package var logDirectory: String
    /// The worker this instance serves (`{worker}`); nil for `scope: run`.
    package var worker: Int?
    /// URLs of services already started, by name, for `{service.NAME.url}`.
    package var serviceURLs: [String: String]
    /// What relative paths in a spec are relative to; Telltale's working directory by default.
    package var baseDirectory: String

    package init(
        runDirectory: String,
        logDirectory: String,
        worker: Int? = nil,
        serviceURLs: [String: String] = [:],
        baseDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.runDirectory = runDirectory
        self.logDirectory = logDirectory
        self.worker = worker
        self.serviceURLs = serviceURLs
        self.baseDirectory = baseDirectory
    }
}
