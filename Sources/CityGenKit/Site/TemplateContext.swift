/// One level of a page's Mustache context: values by `TemplateKey`, kept as one short array searched from its end
/// (a page has a few dozen names and a row a handful, so this beats hashing each name). A later entry of a key
/// hides an earlier one, so building and merging contexts only appends.
struct TemplateContext: Sendable, ExpressibleByDictionaryLiteral {
    private var entries: [(key: TemplateKey, value: TemplateValue)]

    /// The pairs with a value, in order; a key given twice has its last value.
    init(dictionaryLiteral elements: (TemplateKey, TemplateValue?)...) {
        entries = []
        entries.reserveCapacity(elements.count)
        for case let (key, value?) in elements { entries.append((key, value)) }
    }

    /// The value of `key`; setting nil removes it, like a dictionary.
    subscript(key: TemplateKey) -> TemplateValue? {
        get {
            var i = entries.endIndex
            while i > entries.startIndex {
                i -= 1
                if entries[i].key == key { return entries[i].value }
            }
            return nil
        }
        set {
            if let newValue {
                entries.append((key, newValue))
            } else {
                entries.removeAll { $0.key == key }
            }
        }
    }

    /// This context with the values of `other` added, replacing its own of the same key.
    func merging(_ other: TemplateContext) -> TemplateContext {
        var merged = self
        merged.entries += other.entries
        return merged
    }

    /// The context as swift-mustache takes it, for templates that only it can render.
    var mustacheValue: [String: Any] {
        var dictionary: [String: Any] = [:]
        for (key, value) in entries { dictionary[key.rawValue] = value.mustacheValue }
        return dictionary
    }
}
