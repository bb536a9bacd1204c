import Foundation

/// A digest of a file's bytes (FNV-1a, 64 bits, hex): enough to tell that a file was
/// edited between the run that measured it and a report drawn later. Not a security measure.
package enum SourceDigest {
    package static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    package static func of(file path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return of(data)
    }
}
