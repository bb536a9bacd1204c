import Foundation

/// The map's file form (`coverage-map.bin` in the report folder, and a history row): compact
/// binary, since a large package's map holds hundreds of thousands of function numbers and
/// selection reads it before every `--changed` run. Unsigned LEB128 numbers; a test's functions
/// as gaps from the previous one; strings as their UTF-8 length, then bytes.
extension CoverageMap {
    static let magic = Array("TTCM".utf8)

    package struct CoverageMapFormatError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// The file form: `TTCM`, the format version, the commit, the dirty flag and the time, then
    /// the files, the functions and the tests.
    package func encoded() -> Data {
        var writer = ByteWriter()
        writer.bytes.append(contentsOf: Self.magic)
        writer.number(Self.formatVersion)
        writer.string(commit ?? "")
        writer.number(dirty ? 1 : 0)
        // Milliseconds since 1970.
        writer.number(max(0, Int((recordedAt.timeIntervalSince1970 * 1000).rounded())))
        writer.number(files.count)
        for file in files {
            writer.string(file.path)
            writer.string(file.fingerprint)
            writer.number(file.isTest ? 1 : 0)
        }
        writer.number(functions.count)
        for function in functions {
            writer.number(function.file)
            writer.number(function.firstLine)
            // The last line as its distance from the first: most take one byte.
            writer.number(function.lastLine - function.firstLine)
        }
        writer.number(tests.count)
        for test in tests {
            writer.string(test.id)
            writer.number(test.functions.count)
            var previous = 0
            for function in test.functions {
                // Ascending, so each gap is small: most take one byte.
                writer.number(function - previous)
                previous = function
            }
        }
        return Data(writer.bytes)
    }

    package init(decoding data: Data) throws(CoverageMapFormatError) {
        var reader = ByteReader(bytes: [UInt8](data))
        guard reader.take(Self.magic.count) == Self.magic else {
            throw CoverageMapFormatError(description: "not a Telltale coverage map (it does not start with TTCM)")
        }
        let version = try reader.number()
        // Another format is refused, not guessed at: a map misread would leave out tests that must run.
        guard version == Self.formatVersion else {
            throw CoverageMapFormatError(
                description: "coverage map format \(version); this Telltale reads format \(Self.formatVersion): record the map again")
        }
        let commit = try reader.string()
        let dirty = try reader.number() == 1
        let recordedAt = Date(timeIntervalSince1970: Double(try reader.number()) / 1000)
        var files: [File] = []
        for _ in 0..<(try reader.count()) {
            files.append(File(path: try reader.string(), fingerprint: try reader.string(), isTest: try reader.number() == 1))
        }
        var functions: [Function] = []
        for _ in 0..<(try reader.count()) {
            let file = try reader.number()
            let first = try reader.number()
            functions.append(Function(file: file, firstLine: first, lastLine: first + (try reader.number())))
        }
        var tests: [Test] = []
        for _ in 0..<(try reader.count()) {
            let id = try reader.string()
            var indices: [Int] = []
            var previous = 0
            for _ in 0..<(try reader.count()) {
                previous += try reader.number()
                indices.append(previous)
            }
            tests.append(Test(id: id, functions: indices))
        }
        // Every index checked once, here: the map's users index its tables without checks of their own.
        guard functions.allSatisfy({ $0.file < files.count }), tests.allSatisfy({ $0.functions.allSatisfy { $0 < functions.count } }) else {
            throw CoverageMapFormatError(description: "the coverage map is damaged (a number points past its tables): record it again")
        }
        self.init(commit: commit.isEmpty ? nil : commit, dirty: dirty, recordedAt: recordedAt, files: files, functions: functions, tests: tests)
    }
}

/// Unsigned LEB128: seven bits a byte, the lowest first, the top bit set on every byte but the last.
private struct ByteWriter {
    var bytes: [UInt8] = []

    /// `value`, written as 0 when negative: no number of the map is.
    mutating func number(_ value: Int) {
        var rest = UInt64(max(0, value))
        repeat {
            let low = UInt8(rest & 0x7f)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    mutating func string(_ text: String) {
        let utf8 = Array(text.utf8)
        number(utf8.count)
        bytes.append(contentsOf: utf8)
    }
}

private struct ByteReader {
    var bytes: [UInt8]
    var offset = 0

    static let truncated = CoverageMap.CoverageMapFormatError(description: "the coverage map is cut short: record it again")

    /// The next `count` bytes; nil when fewer are left.
    mutating func take(_ count: Int) -> [UInt8]? {
        guard count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func number() throws(CoverageMap.CoverageMapFormatError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            // The end of the data, or a tenth byte: no number this writer wrote.
            guard offset < bytes.count, shift < 63 else { throw Self.truncated }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return Int(value) }
            shift += 7
        }
    }

    /// A count of items that follow: each takes at least one byte, so more than are left is damage.
    mutating func count() throws(CoverageMap.CoverageMapFormatError) -> Int {
        let count = try number()
        guard count <= bytes.count - offset else { throw Self.truncated }
        return count
    }

    mutating func string() throws(CoverageMap.CoverageMapFormatError) -> String {
        let length = try number()
        guard let utf8 = take(length) else { throw Self.truncated }
        return String(decoding: utf8, as: UTF8.self)
    }
}
