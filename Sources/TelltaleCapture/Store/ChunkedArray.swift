/// An array kept in fixed-size chunks: appending never moves what is stored. The store holds
/// every event of a run, millions in a long one, and a plain array that doubles copies them
/// all while the store's lock is held, stalling every connection for a moment that grows with
/// the run (hundreds of milliseconds at a few million events). Dropping from the front
/// (`--max-events`) frees whole chunks and moves nothing either.
struct ChunkedArray<Element>: RandomAccessCollection {
    /// 16,384 elements a chunk: a couple of megabytes of events, allocated as a chunk fills.
    static var shift: Int { 14 }
    static var chunkSize: Int { 1 << shift }

    private var chunks: [[Element]] = []
    /// Elements dropped from the front of the first chunk, not yet freed with it.
    private var head = 0
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
        let absolute = position + head
        return chunks[absolute >> Self.shift][absolute & (Self.chunkSize - 1)]
    }

    mutating func append(_ element: Element) {
        if (count + head) & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Drops the first `k` elements; a chunk is freed once all of it is dropped.
    mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count)
        head += k
        count -= k
        let freed = Swift.min(head >> Self.shift, chunks.count)
        if freed > 0 {
            chunks.removeFirst(freed)
            head -= freed << Self.shift
        }
        if count == 0 {
            chunks = []
            head = 0
        }
    }

    mutating func removeAll() {
        chunks = []
        head = 0
        count = 0
    }

    /// Keeps the elements `shouldRemove` rejects, in order.
    mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
        let kept = try filter { try !shouldRemove($0) }
        removeAll()
        for element in kept { append(element) }
    }
}
