import TelltaleModel
import TelltaleTestSupport
import Testing

@Suite(.tags(.small))
struct CIShardEnvironmentTests {
    @Test func eachCISystemsNumberingBecomesAShard() throws {
        #expect(try CIShardEnvironment.detect(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"])?.shard == Shard(index: 1, count: 3))
        #expect(
            try CIShardEnvironment.detect(["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "4"])?.shard
                == Shard(index: 1, count: 4))
        #expect(try CIShardEnvironment.detect(["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"])?.shard == Shard(index: 4, count: 4))
        #expect(
            try CIShardEnvironment.detect(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"])?.source
                == "GitLab's CI_NODE_INDEX=2 of CI_NODE_TOTAL=2")
    }

    @Test func noParallelJobMeansNoShard() throws {
        #expect(try CIShardEnvironment.detect([:]) == nil)
        #expect(try CIShardEnvironment.detect(["CI_NODE_INDEX": "1"]) == nil, "half a pair is not a matrix")
        #expect(try CIShardEnvironment.detect(["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1"]) == nil)
    }

    @Test(arguments: [
        (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"], "GitLab's CI_NODE_INDEX=0 and CI_NODE_TOTAL=2 make no shard"),
        (["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "2"], "CircleCI's CIRCLE_NODE_INDEX=2 and CIRCLE_NODE_TOTAL=2"),
        (["BUILDKITE_PARALLEL_JOB": "x", "BUILDKITE_PARALLEL_JOB_COUNT": "2"], "must be a whole number in 0…BUILDKITE_PARALLEL_JOB_COUNT−1"),
    ])
    func variablesThatMakeNoShardAreAnError(environment: [String: String], message: String) {
        #expect {
            try CIShardEnvironment.detect(environment)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("pass --shard I/N")
        }
    }
}
