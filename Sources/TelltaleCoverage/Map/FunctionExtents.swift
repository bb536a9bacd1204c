import Foundation

/// Every function the test binary measures, by its symbol, with its file and lines: from
/// `llvm-cov export -format=text`'s `functions`.
struct FunctionExtents {
    struct Extent: Equatable {
        var file: String
        var firstLine: Int
        var lastLine: Int
    }

    /// Usually one extent a symbol; more where two files' private functions share a symbol
    /// (C's `static` functions): a test that entered either is then recorded on both.
    var byName: [String: [Extent]]

    /// The export's `data[].functions[]`: `name`, `filenames` (the first is the function's own
    /// file) and `regions` (`[lineStart, colStart, lineEnd, colEnd, count, fileID, expandedFileID,
    /// kind]`). The extent spans the code regions (kind 0) in the function's own file (fileID 0).
    static func parse(_ data: Data) throws -> FunctionExtents {
        struct Export: Decodable {
            struct Object: Decodable { var functions: [Function] }
            struct Function: Decodable {
                var name: String
                var filenames: [String]
                var regions: [[Int]]
            }
            var data: [Object]
        }
        var byName: [String: [Extent]] = [:]
        for object in try JSONDecoder().decode(Export.self, from: data).data {
            for function in object.functions {
                guard let file = function.filenames.first else { continue }
                let own = function.regions.filter { $0.count >= 8 && $0[5] == 0 && $0[7] == 0 }
                guard let first = own.map({ $0[0] }).min(), let last = own.map({ $0[2] }).max() else { continue }
                let extent = Extent(file: file, firstLine: first, lastLine: last)
                // The same function in two objects (the binary and a library it links) is one.
                if !(byName[symbol(function.name)] ?? []).contains(extent) { byName[symbol(function.name), default: []].append(extent) }
            }
        }
        return FunctionExtents(byName: byName)
    }

    /// A function's symbol from its profile name: a function private to its file is named
    /// `/path/File.swift:$s…` in raw profiles (`llvm-profdata show`) but `$s…` by llvm-cov, so
    /// both are read without the file. Swift's symbols of private functions are unique without
    /// it (they carry a discriminator of their file), and no mangled symbol holds a colon.
    static func symbol(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }
}
