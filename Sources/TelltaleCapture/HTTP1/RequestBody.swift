import CompressNIO
import NIOCore

/// A request body as sent, turned into the bytes the wire formats read.
enum RequestBody {
    /// Undoes a gzip or deflate `Content-Encoding` (or a gzip body sent without the header),
    /// within `maxBodySize` once decompressed too.
    static func decode(_ buffer: ByteBuffer, contentEncoding: String?, maxBodySize: Int) throws(CaptureError) -> ByteBuffer {
        // gzip's magic bytes, 1F 8B: posthog-js's `compression=gzip-js` sends gzip without the header.
        let looksGzipped = buffer.readableBytes >= 2 && buffer.getInteger(at: buffer.readerIndex, as: UInt16.self) == 0x1F8B
        // The usual case, a plain body, without any string work.
        if contentEncoding == nil && !looksGzipped { return buffer }
        let encoding = contentEncoding?.lowercased() ?? ""
        let algorithm: CompressionAlgorithm?
        if encoding.contains("gzip") || looksGzipped {
            algorithm = .gzip()
        } else if encoding.contains("deflate") {
            algorithm = .zlib()
        } else if encoding.isEmpty || encoding == "identity" {
            algorithm = nil
        } else {
            throw .rejected(status: 415, reason: "Content-Encoding \(encoding) is not supported (gzip and deflate are)")
        }
        guard let algorithm else { return buffer }
        var buffer = buffer
        do {
            // One byte over the limit is enough to know the body is too large, without inflating the rest.
            buffer = try buffer.decompress(with: algorithm, maxSize: maxBodySize + 1)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            throw tooLarge(maxBodySize, decompressed: true)
        } catch {
            throw .badRequest("the \(algorithm) body could not be decompressed: \(error)")
        }
        guard buffer.readableBytes <= maxBodySize else { throw tooLarge(maxBodySize, decompressed: true) }
        return buffer
    }

    /// The 413 for a body over the limit, as sent or (`decompressed`) once inflated.
    static func tooLarge(_ maxBodySize: Int, decompressed: Bool = false) -> CaptureError {
        .rejected(status: 413, reason: "body larger than the limit of \(maxBodySize) bytes" + (decompressed ? " once decompressed" : ""))
    }
}
