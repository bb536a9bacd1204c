import NIOCore
import NIOHTTP1

/// A request head as `HTTPRequestFramer` read it off the wire: method, target and version, the
/// framing it implies, and the header fields as ranges into the head's own bytes. A capture
/// request reads three or four fields by name; keeping the rest as ranges means they cost no
/// allocation unless the request goes on to Hummingbird (`httpRequestHead`).
struct RequestHead {
    /// One header field, as offsets into `bytes`.
    struct Field {
        var name: Range<Int>
        /// Without the white space around it.
        var value: Range<Int>
    }

    /// How the body that follows the head is delimited.
    enum BodyFraming: Equatable {
        case length(Int)
        case chunked
    }

    var method: String
    /// The request target as sent: `/s/worker-1/v1/track?x=1`, or an absolute URI.
    var target: String
    var version: HTTPVersion
    var framing: BodyFraming
    /// Whether the connection stays open after the answer: the version's default unless
    /// `Connection` says otherwise.
    var keepAlive: Bool
    /// `Expect: 100-continue`: the client waits for an interim answer before sending the body.
    var expectsContinue: Bool
    /// The head as received, request line to blank line; `fields` index into it.
    let bytes: ByteBuffer
    let fields: [Field]

    /// The first value of the field `name`, given in lowercase (field names are compared
    /// without case), trimmed.
    func value(of name: StaticString) -> String? {
        bytes.withUnsafeReadableBytes { head -> String? in
            let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            for field in fields where field.name.count == wanted.count {
                if Self.equalIgnoringCase(head[field.name], wanted) {
                    return String(decoding: head[field.value], as: UTF8.self)
                }
            }
            return nil
        }
    }

    /// The head as NIO's HTTP types have it, for requests Hummingbird answers.
    var httpRequestHead: HTTPRequestHead {
        let headers = bytes.withUnsafeReadableBytes { head in
            HTTPHeaders(
                fields.map {
                    (String(decoding: head[$0.name], as: UTF8.self), String(decoding: head[$0.value], as: UTF8.self))
                })
        }
        return HTTPRequestHead(version: version, method: HTTPMethod(rawValue: method), uri: target, headers: headers)
    }

    /// Whether `bytes` spell `lowercase` (ASCII, already lowercased) in any case.
    static func equalIgnoringCase(_ bytes: Slice<UnsafeRawBufferPointer>, _ lowercase: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        for (byte, wanted) in zip(bytes, lowercase) where byte != wanted {
            // Only letters differ by case: setting 0x20 lowercases them and leaves `wanted` unequal otherwise.
            guard byte | 0x20 == wanted, wanted >= UInt8(ascii: "a"), wanted <= UInt8(ascii: "z") else { return false }
        }
        return true
    }
}
