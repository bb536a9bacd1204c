/// An array kept in fixed-size chunks: appending never moves what is stored. The store holds
/// every event of a run, millions in a long one, and a plain array that doubles copies them
/// all while the store's lock is held, stalling every connection for a moment that grows with
/// the run (hundreds of milliseconds at a few million events).
struct ChunkedArray<Element>: RandomAccessCollection {
    /// 16,384 elements a chunk: a couple of megabytes of events, allocated as a chunk fills.
    private static var shift: Int { 14 }
    private static var chunkSize: Int { 1 << shift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
        return chunks[position >> Self.shift][position & (Self.chunkSize - 1)]
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    mutating func removeAll() {
        chunks = []
        count = 0
    }

    /// Keeps the elements `shouldRemove` rejects, in order.
    mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
        let kept = try filter { try !shouldRemove($0) }
        removeAll()
        for element in kept { append(element) }
    }
}
