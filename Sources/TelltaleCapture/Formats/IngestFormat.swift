import TelltaleModel

/// A capture wire format: the source its events are stored under, and its routes. Each format
/// is a decoder in a file of its own and one entry of `registered`, where its paths are.
struct IngestFormat: Sendable {
    var source: Event.Source
    var routes: [Route]

    /// A path the format owns (after any `/s/{session}` prefix), the methods the vendor's SDKs
    /// use on it, and how a request to it is decoded.
    struct Route: Sendable {
        var path: String
        var methods: Set<String>
        var decode: @Sendable (IngestRequest) throws(CaptureError) -> IngestResult

        init(
            _ path: String, methods: Set<String> = ["POST"],
            decode: @escaping @Sendable (IngestRequest) throws(CaptureError) -> IngestResult
        ) {
            self.path = path
            self.methods = methods
            self.decode = decode
        }

        /// The same decoder on several paths.
        static func each(
            _ paths: [String], methods: Set<String> = ["POST"],
            decode: @escaping @Sendable (IngestRequest) throws(CaptureError) -> IngestResult
        ) -> [Route] {
            paths.map { Route($0, methods: methods, decode: decode) }
        }
    }

    /// The registered format whose source is `name`; nil for a name no format has.
    static func source(named name: String) -> Event.Source? {
        registered.first { $0.source.rawValue == name }?.source
    }
}
