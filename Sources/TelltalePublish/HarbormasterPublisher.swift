import AsyncHTTPClient
import Foundation
import TelltaleModel
import TelltaleReports

/// `telltale publish harbormaster`: the run's verdict and unit results sent to a build target
/// with `harbormaster.sendmessage`.
///
/// A run whose message fits in one request is one `pass` or `fail` message. A larger run is sent
/// as Conduit allows: `work` messages carrying the units, each request under `maxRequestBytes`,
/// then the final `pass` or `fail`, always last.
package struct HarbormasterPublisher: Sendable {
    /// Under PHP's default `post_max_size` (8 MB), which a Phabricator install may keep.
    package static let defaultMaxRequestBytes = 4 * 1024 * 1024

    package var client: ConduitClient
    /// The largest form-encoded body one `sendmessage` call may have, in bytes.
    package var maxRequestBytes: Int

    package init(client: ConduitClient, maxRequestBytes: Int = Self.defaultMaxRequestBytes) {
        self.client = client
        self.maxRequestBytes = maxRequestBytes
    }

    /// One `sendmessage` call's parameters.
    package struct Part: Encodable, Sendable {
        /// The build target's PHID (`PHID-HMBT-…`), which the build plan passes as `${target.phid}`.
        package var buildTargetPHID: String
        /// `work` while units are still coming; `pass` or `fail` on the last call only.
        package var type: String
        /// Absent (not encoded) on the final message of a split run, whose units went before it.
        package var unit: [HarbormasterWriter.Unit]?
    }

    /// The calls to make, in order: the units in `work` parts that each encode to at most
    /// `maxRequestBytes`, then the verdict; or the verdict with every unit when that fits.
    package static func parts(
        _ message: HarbormasterWriter.Message, buildTarget: String, maxRequestBytes: Int, client: ConduitClient
    ) throws -> [Part] {
        let whole = Part(buildTargetPHID: buildTarget, type: message.type, unit: message.unit)
        if try requestBytes(whole, client: client) <= maxRequestBytes { return [whole] }
        // The form-encoded cost of each unit, and of a work message with none.
        let overhead = try requestBytes(Part(buildTargetPHID: buildTarget, type: "work", unit: []), client: client)
        var parts: [Part] = []
        var current: [HarbormasterWriter.Unit] = []
        var size = overhead
        for unit in message.unit {
            // A unit costs its own encoded JSON and the comma that joins it to the one before.
            let cost = ConduitClient.formEncoded(String(decoding: try json(unit), as: UTF8.self)).utf8.count + 3  // `%2C`
            if !current.isEmpty && size + cost > maxRequestBytes {
                parts.append(Part(buildTargetPHID: buildTarget, type: "work", unit: current))
                current = []
                size = overhead
            }
            guard overhead + cost <= maxRequestBytes else {
                throw ConduitError.encoding(
                    "the unit \(unit.namespace)/\(unit.name) alone is larger than a request may be (\(maxRequestBytes) bytes)")
            }
            current.append(unit)
            size += cost
        }
        if !current.isEmpty { parts.append(Part(buildTargetPHID: buildTarget, type: "work", unit: current)) }
        parts.append(Part(buildTargetPHID: buildTarget, type: message.type, unit: nil))
        return parts
    }

    /// Compact, keys sorted: Telltale's JSON engine (`JSONValueEncoder`), as for run.json.
    static func json<T: Encodable>(_ value: T) throws -> Data {
        Data(try JSONValueEncoder().serialize(value))
    }

    /// The size of the whole form body `part` is sent as, token included.
    static func requestBytes(_ part: Part, client: ConduitClient) throws -> Int {
        try client.formBody(paramsJSON: json(part)).utf8.count
    }

    /// Sends every part in order; `progress` hears of each. Returns the number of calls made.
    @discardableResult
    package func publish(
        _ message: HarbormasterWriter.Message, buildTarget: String, progress: @Sendable (Int, Int, Part) -> Void = { _, _, _ in }
    ) async throws -> Int {
        let parts = try Self.parts(message, buildTarget: buildTarget, maxRequestBytes: maxRequestBytes, client: client)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: ConduitClient.httpConfiguration())
        // An `HTTPClient` must be shut down before it is released, on failure too; the first part that
        // fails stops the rest, so Harbormaster never sees a verdict without the units before it.
        do {
            for (index, part) in parts.enumerated() {
                progress(index + 1, parts.count, part)
                try await client.call("harbormaster.sendmessage", paramsJSON: Self.json(part), using: http)
            }
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
        return parts.count
    }
}
