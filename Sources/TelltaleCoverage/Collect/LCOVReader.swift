import Foundation

/// Reads an LCOV tracefile, as `llvm-cov export -format=lcov` writes it, into files with
/// absolute paths (`SF`), their lines (`DA`), functions (`FN`/`FNDA`) and branches (`BRDA`).
///
/// llvm-cov computes each line's count from its regions, the way its own reports and
/// `swift test --enable-code-coverage`'s JSON count lines; reading its LCOV keeps Telltale's
/// figures equal to theirs. The reader works on bytes: a large package's tracefile has
/// hundreds of thousands of lines.
package enum LCOVReader {
    /// One record, from `SF` to `end_of_record`.
    package struct File: Sendable, Hashable {
        /// Absolute, as llvm-cov names it.
        package var path: String
        package var lines: [CoverageLine]
        package var functions: [CoverageFunction]
        package var branches: [CoverageBranch]
    }

    package struct LCOVError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var line: Int
        package var reason: String
        package var description: String { "line \(line) of llvm-cov's LCOV: \(reason)" }
    }

    /// Every file of `data`. A `DA` record that cannot be read is an error (every figure is made of
    /// line counts); a malformed `FN`, `FNDA` or `BRDA` record is skipped.
    package static func read(_ data: Data) throws(LCOVError) -> [File] {
        var files: [File] = []
        var current: File?
        // The current file's functions: `FN` gives a name its line and `FNDA` its count, in the order
        // each name first appears.
        var functionLines: [String: Int] = [:]
        var functionCounts: [String: Int] = [:]
        var functionOrder: [String] = []
        var number = 0
        var failure: LCOVError?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, failure == nil {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                number += 1
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                // Of the lines without a colon only `end_of_record` matters: it closes the current file.
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                    if Self.equals(line, "end_of_record"), var file = current {
                        file.functions = functionOrder.map { name in
                            CoverageFunction(name: name, line: functionLines[name] ?? 0, count: functionCounts[name] ?? 0)
                        }
                        files.append(file)
                        current = nil
                        functionLines = [:]
                        functionCounts = [:]
                        functionOrder = []
                    }
                    continue
                }
                let tag = UnsafeBufferPointer(rebasing: line[..<colon])
                let value = UnsafeBufferPointer(rebasing: line[(colon + 1)...])
                if Self.equals(tag, "SF") {
                    current = File(path: String(decoding: value, as: UTF8.self), lines: [], functions: [], branches: [])
                    continue
                }
                // A record before the first `SF` belongs to no file.
                guard current != nil else { continue }
                let fields = Self.fields(value)
                switch String(decoding: tag, as: UTF8.self) {
                case "DA":
                    guard fields.count >= 2, let line = Self.int(fields[0]), let count = Self.int(fields[1]) else {
                        failure = LCOVError(line: number, reason: "a DA record is not `DA:line,count`")
                        return
                    }
                    current!.lines.append(CoverageLine(line: line, count: count))
                case "FN":
                    // The name may itself hold commas; only the first field is the line.
                    guard fields.count >= 2, let line = Self.int(fields[0]) else { continue }
                    let name = String(decoding: value[(fields[0].count + 1)...], as: UTF8.self)
                    if functionLines[name] == nil { functionOrder.append(name) }
                    functionLines[name] = line
                case "FNDA":
                    guard fields.count >= 2, let count = Self.int(fields[0]) else { continue }
                    let name = String(decoding: value[(fields[0].count + 1)...], as: UTF8.self)
                    if functionLines[name] == nil, functionCounts[name] == nil { functionOrder.append(name) }
                    functionCounts[name, default: 0] += count
                // `BRDA:line,block,branch,taken`; `taken` is `-` when the condition never ran, read as nil.
                case "BRDA":
                    guard fields.count >= 4, let line = Self.int(fields[0]), let block = Self.int(fields[1]),
                        let branch = Self.int(fields[2])
                    else { continue }
                    current!.branches.append(CoverageBranch(line: line, block: block, branch: branch, count: Self.int(fields[3])))
                default:
                    continue
                }
            }
        }
        if let failure { throw failure }
        return files
    }

    /// Whether the bytes are `text`, without making a String of them.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in bytes.elementsEqual(expected) }
    }

    /// A record's comma-separated fields, as views of its bytes.
    private static func fields(_ value: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
        var fields: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        for index in 0..<value.count where value[index] == UInt8(ascii: ",") {
            fields.append(UnsafeBufferPointer(rebasing: value[start..<index]))
            start = index + 1
        }
        fields.append(UnsafeBufferPointer(rebasing: value[start..<value.count]))
        return fields
    }

    /// A non-negative decimal; nil for anything else (LCOV's `-`). Past `LineCoverage.maximumCount`
    /// it is that maximum: llvm-cov prints a Swift counter that underflowed as an unsigned 64-bit
    /// number near 2^64.
    private static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (product, tooLarge) = value.multipliedReportingOverflow(by: 10)
            let (sum, stillTooLarge) = product.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !tooLarge, !stillTooLarge else { return LineCoverage.maximumCount }
            value = sum
        }
        return min(value, LineCoverage.maximumCount)
    }
}
