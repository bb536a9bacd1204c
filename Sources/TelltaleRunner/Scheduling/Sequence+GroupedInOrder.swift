extension Sequence {
    /// The elements grouped by `key`, each group in its elements' order and the groups in the
    /// order of their first elements: how a run splits tests by the variables they need.
    func groupedInOrder<Key: Hashable>(by key: (Element) -> Key) -> [(key: Key, elements: [Element])] {
        var order: [Key] = []
        var groups: [Key: [Element]] = [:]
        for element in self {
            let value = key(element)
            if groups[value] == nil { order.append(value) }
            groups[value, default: []].append(element)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
