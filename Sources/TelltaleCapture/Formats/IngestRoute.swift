import TelltaleModel

/// A capture route of the contract: a path of a registered wire format (`IngestFormat.registered`).
///
/// Two indices into the registry, not the registration itself: a request's head carries its route
/// through the connection's state machine, copied at every step, and a copy of the registration
/// (its source's string, its methods' set, its decoder's closure) retains and releases three
/// references each time. Measured with `Scripts/benchmark-capture.sh` (release builds, side by
/// side): this alone did not change the throughput (capture / nginx 0.50 before, 0.48 after, within
/// the noise); see Capture.md for where the time goes.
struct IngestRoute: Sendable, Equatable {
    /// The format's place in `IngestFormat.registered`, and the route's in its `routes`.
    let format: Int
    let route: Int

    /// The route for a path without its session prefix, or nil when no format owns the path.
    static func match(path: String) -> IngestRoute? {
        byPath[path]
    }

    /// Every registered route by its path, built once; a path two formats claim is the first's
    /// (`IngestFormatTests` keeps there being none).
    static let byPath: [String: IngestRoute] = Dictionary(
        IngestFormat.registered.enumerated().flatMap { format, registration in
            registration.routes.enumerated().map { route, entry in (entry.path, IngestRoute(format: format, route: route)) }
        }
    ) { first, _ in first }

    private var registration: IngestFormat.Route { IngestFormat.registered[format].routes[route] }

    /// The format's source, which its events are stored under.
    var source: Event.Source { IngestFormat.registered[format].source }

    /// The methods the vendor's SDKs use on this route.
    func allows(method: String) -> Bool {
        registration.methods.contains(method)
    }

    func decode(_ request: IngestRequest) throws(CaptureError) -> IngestResult {
        try registration.decode(request)
    }
}
