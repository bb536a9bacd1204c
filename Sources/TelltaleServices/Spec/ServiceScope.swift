/// How many instances of a service a run starts.
package enum ServiceScope: String, Sendable, Equatable {
    /// One per parallel worker, each with its own port and data.
    case worker
    /// One for the whole run, shared by every worker.
    case run
}
