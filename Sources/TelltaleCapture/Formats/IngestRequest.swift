import Foundation

/// The parts of an HTTP request the wire formats read, independent of the HTTP library.
struct IngestRequest: Sendable {
    var method: String
    /// The route without its `/s/{session}` prefix.
    var path: String
    /// The query string's fields, decoded (`measurement_id`, Mixpanel's `data`, a Snowplow pixel's event).
    var query: [String: String]
    /// Lowercased, `""` when the request had none.
    var contentType: String
    var authorization: String?
    /// Already decompressed.
    var body: Data
    /// The server's limit on a body, for what a format decompresses itself (PostHog's lz64).
    var maxBodySize = CaptureConfiguration.defaultMaxBodySize

    /// Fields of an `application/x-www-form-urlencoded` body merged over the query string.
    var formFields: [String: String] {
        var fields = query
        // An unlabelled or mislabelled form (`data=…` as `text/plain`, or with no type) counts too:
        // any body that is neither labelled JSON nor opens like JSON.
        if contentType.contains("x-www-form-urlencoded")
            || (!body.isEmpty && !contentType.contains("json") && body.first != UInt8(ascii: "{") && body.first != UInt8(ascii: "["))
        {
            fields.merge(FormEncoding.decode(String(decoding: body, as: UTF8.self))) { $1 }
        }
        return fields
    }

    /// The user name of HTTP Basic authentication (Segment's write key, Mixpanel's secret).
    var basicAuthUser: String? {
        guard let authorization, authorization.lowercased().hasPrefix("basic ") else { return nil }
        let encoded = authorization.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard let data = Base64.decode(encoded) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}
