import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The store's event array: the same contents and order as a plain array across chunk
/// boundaries, through appends, filtered removal and clearing.
@Suite(.tags(.small))
struct ChunkedArrayTests {
    @Test func behavesAsAnArrayAcrossChunkBoundaries() {
        var chunked = ChunkedArray<Int>()
        var plain: [Int] = []
        #expect(chunked.isEmpty)
        for number in 0..<40_000 {
            chunked.append(number)
            plain.append(number)
        }
        #expect(chunked.count == 40_000)
        #expect(Array(chunked) == plain)
        #expect(chunked[16_383] == 16_383 && chunked[16_384] == 16_384 && chunked[39_999] == 39_999)
        #expect(chunked.filter { $0 % 10_000 == 0 } == [0, 10_000, 20_000, 30_000])

        chunked.removeAll { $0 % 3 == 0 }
        plain.removeAll { $0 % 3 == 0 }
        #expect(Array(chunked) == plain)
        chunked.append(-1)
        #expect(chunked.last == -1 && chunked.count == plain.count + 1)

        chunked.removeAll()
        #expect(chunked.isEmpty && Array(chunked) == [])
        chunked.append(7)
        #expect(Array(chunked) == [7])
    }
}
