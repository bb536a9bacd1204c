import TelltaleModel

/// Source paths recorded under another checkout's package folder, moved under this one's: a
/// shard or a queue machine checks out where its CI runner does (`/builds/…/m2/…`), and the
/// build's record must name files as one machine running every test would, so JUnit's `file`,
/// annotations and the HTML's links point at this repository whatever runner ran the test.
package enum PathRerooting {
    /// `result` with every location under one of `roots` (other checkouts' package folders,
    /// `RunEnvironment.packageRoot`) moved under `root`.
    package static func reroot(_ result: TestResult, from roots: [String], to root: String) -> TestResult {
        let foreign = roots.filter { $0 != root }.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        guard !foreign.isEmpty else { return result }
        let local = root.hasSuffix("/") ? root : root + "/"
        func moved(_ location: SourceLocation?) -> SourceLocation? {
            guard var location, let prefix = foreign.first(where: { location.file.hasPrefix($0) }) else { return location }
            location.file = local + location.file.dropFirst(prefix.count)
            return location
        }
        func moved(_ messages: [TestMessage]) -> [TestMessage] {
            messages.map { message in
                var copy = message
                copy.location = moved(message.location)
                return copy
            }
        }
        var copy = result
        copy.location = moved(result.location)
        copy.messages = moved(result.messages)
        copy.previousAttempts = result.previousAttempts.map { attempt in
            var earlier = attempt
            earlier.messages = moved(attempt.messages)
            return earlier
        }
        return copy
    }
}
