import TelltaleJSONSchema
import TelltaleTestSupport
import Testing

@Suite(.tags(.small))
struct EditDistanceTests {
    @Test func distanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(EditDistance.between("enviroment", "environment") == 1)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("same", "same") == 0)
    }

    @Test func similarityRunsFromZeroToOne() {
        #expect(EditDistance.similarity("purchase", "purchase") == 1)
        #expect(EditDistance.similarity("purchase", "purchased") > 0.8)
        #expect(EditDistance.similarity("", "abc") == 0)
        #expect(EditDistance.similarity("", "") == 1)
    }
}
