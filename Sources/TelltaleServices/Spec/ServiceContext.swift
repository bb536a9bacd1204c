import Foundation

/// Where and for whom one instance of a service runs.
public struct ServiceContext: Sendable, Equatable {
    /// The run's folder, `{run_dir}` in placeholders.
    public var runDirectory: String
    /// Where `<service>[-<worker>].log` is written, e.g. `Reports/logs`.
    public var logDirectory: String
    /// The worker this instance serves (`{worker}`); nil for `scope: run`.
    public var worker: Int?
    /// URLs of services already started, by name, for `{service.NAME.url}`.
    public var serviceURLs: [String: String]
    /// What relative paths in a spec are relative to; Telltale's working directory by default.
    public var baseDirectory: String

    public init(
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
