import Foundation

/// Reads the complete lines appended to a file since the last read.
///
/// Swift Testing writes its event stream record by record (and flushes each),
/// so tailing the file gives live results and, after a crash, every record
/// written before it.
struct FileTail {
    let path: String
    private var offset: UInt64 = 0
    private var pending = Data()

    init(path: String) {
        self.path = path
    }

    mutating func readLines() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return []
        }
        offset += UInt64(data.count)
        pending.append(data)
        guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = pending[pending.startIndex..<lastNewline]
        pending = Data(pending[pending.index(after: lastNewline)...])
        return String(decoding: complete, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
