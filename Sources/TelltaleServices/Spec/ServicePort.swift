/// Which port a service listens on; passed to it as `$PORT` and `{port}`.
package enum ServicePort: Sendable, Equatable {
    /// A free loopback port picked just before the service starts.
    case auto
    case fixed(Int)
    /// The service listens on no port Telltale knows (log readiness only).
    case none
}
