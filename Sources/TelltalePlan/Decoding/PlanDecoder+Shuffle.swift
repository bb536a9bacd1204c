import TelltaleModel
import Yams

extension PlanDecoder {
    /// `shuffle: true`, `false`, or a seed (a whole number from 0 to 2^53 − 1, which run.json keeps exactly).
    mutating func shuffle(_ node: Node, path: String) -> PlanShuffle {
        if node.isNull { return .off }
        if let value = node.bool { return value ? .random : .off }
        guard let text = node.plainString, let seed = Int(text), (0...ShuffleGenerator.largestSeed).contains(seed) else {
            report(
                "expected true, false or a seed (a whole number of at least 0), found \(node.summary)", at: node, path: path,
                hint: "write `shuffle: true` for a fresh seed each run, or `shuffle: 12345` to repeat an order")
            return .off
        }
        return .seed(seed)
    }
}
