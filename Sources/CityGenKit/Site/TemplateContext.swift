/// One level of a page's Mustache context: values by `TemplateKey`, kept as one short array searched in order
/// (a page has a few dozen names and a row a handful, so this beats hashing each name).
struct TemplateContext: Sendable, ExpressibleByDictionaryLiteral {
    private var entries: [(key: TemplateKey, value: TemplateValue)]

    init(dictionaryLiteral elements: (TemplateKey, TemplateValue?)...) {
        entries = []
        entries.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// The value of `key`; setting nil removes it, like a dictionary.
    subscript(key: TemplateKey) -> TemplateValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// This context with the values of `other` added, replacing its own of the same key.
    func merging(_ other: TemplateContext) -> TemplateContext {
        var merged = self
        merged.entries.reserveCapacity(entries.count + other.entries.count)
        for (key, value) in other.entries { merged[key] = value }
        return merged
    }

    /// The context as swift-mustache takes it, for templates that only it can render.
    var mustacheValue: [String: Any] {
        var dictionary: [String: Any] = [:]
        for (key, value) in entries { dictionary[key.rawValue] = value.mustacheValue }
        return dictionary
    }
}
