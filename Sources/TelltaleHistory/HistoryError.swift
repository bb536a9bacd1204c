/// Why the history could not be used. A run prints it as a warning and goes on
/// without history: a damaged history never fails a run.
public struct HistoryError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "history \(path): \(reason); delete the file to start a new history, or pass --no-history"
    }
}
