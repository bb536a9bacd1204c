import Foundation

/// lz-string's `decompressFromBase64`, which older posthog-js versions used for `compression=lz64`.
///
/// lz-string is LZW over UTF-16 code units, written as a bit stream in base64 digits of 6
/// bits each (read most significant bit first); codes grow from 2 bits as the dictionary does.
/// Code 0 and 1 bring a new 8- or 16-bit code unit, 2 ends the stream.
enum LZString {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
    private static let digits: [UInt8: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    enum LZStringError: Error, LocalizedError {
        /// Not a complete lz-string stream.
        case malformed
        /// More than the limit once decompressed: a few bytes can stand for gigabytes.
        case tooLarge

        var errorDescription: String? {
            switch self {
            case .malformed: "not a complete lz-string stream"
            case .tooLarge: "larger than the limit once decompressed"
            }
        }
    }

    /// The text of `base64`, at most `limit` UTF-16 code units of it.
    static func decompress(base64: String, limit: Int) throws(LZStringError) -> String {
        // A form decoder may have turned `+` into a space.
        let values = base64.utf8.compactMap { byte -> Int? in
            if byte == UInt8(ascii: " ") { return digits[UInt8(ascii: "+")] }
            return digits[byte] ?? (byte == 0x0A || byte == 0x0D ? nil : 0)
        }
        guard !values.isEmpty else { throw .malformed }
        var reader = BitReader(values: values)
        return String(decoding: try decompress(&reader, limit: limit), as: UTF16.self)
    }

    /// The dictionary's entries are never longer than the output so far, so bounding the output
    /// bounds the memory too.
    private static func decompress(_ reader: inout BitReader, limit: Int) throws(LZStringError) -> [UInt16] {
        // Entries 0, 1 and 2 stand for the three control codes; real entries start at 3.
        var dictionary: [[UInt16]] = [[0], [1], [2]]
        // Codes left before the code width grows by a bit, and the width the next code is read at.
        var enlargeIn = 4
        var numBits = 3
        guard let first = reader.read(bits: 2) else { throw .malformed }
        let firstUnit: UInt16
        switch first {
        case 0:
            guard let unit = reader.read(bits: 8) else { throw .malformed }
            firstUnit = UInt16(unit)
        case 1:
            guard let unit = reader.read(bits: 16) else { throw .malformed }
            firstUnit = UInt16(unit)
        default: return []
        }
        dictionary.append([firstUnit])
        var previous = [firstUnit]
        var result = previous
        while true {
            guard let code = reader.read(bits: numBits) else { throw .malformed }
            var index = code
            switch code {
            case 0, 1:
                guard let unit = reader.read(bits: code == 0 ? 8 : 16) else { throw .malformed }
                dictionary.append([UInt16(unit)])
                index = dictionary.count - 1
                enlargeIn -= 1
            case 2:
                return result
            default:
                break
            }
            if enlargeIn == 0 {
                enlargeIn = 1 << numBits
                numBits += 1
            }
            let entry: [UInt16]
            if index < dictionary.count {
                entry = dictionary[index]
            } else if index == dictionary.count {
                // LZW's one special case: the code the encoder is about to add, `previous` plus its own first unit.
                entry = previous + [previous[0]]
            } else {
                throw .malformed
            }
            guard result.count + entry.count <= limit else { throw .tooLarge }
            result += entry
            dictionary.append(previous + [entry[0]])
            enlargeIn -= 1
            previous = entry
            if enlargeIn == 0 {
                enlargeIn = 1 << numBits
                numBits += 1
            }
        }
    }

    /// Bits from base64 digit values, most significant first, `count` at a time, least significant first in the result.
    private struct BitReader {
        let values: [Int]
        var index = 0
        var mask = 32

        /// nil once the stream has run out.
        mutating func read(bits count: Int) -> Int? {
            var result = 0
            for position in 0..<count {
                guard index < values.count else { return nil }
                if values[index] & mask != 0 { result |= 1 << position }
                mask >>= 1
                if mask == 0 {
                    mask = 32
                    index += 1
                }
            }
            return result
        }
    }
}
