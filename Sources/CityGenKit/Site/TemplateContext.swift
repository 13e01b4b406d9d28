/// One level of a page's Mustache context: values by `TemplateKey`, kept as a short array searched in order
/// (a page has a few dozen names and a row a handful, so this beats hashing each name).
struct TemplateContext: Sendable, ExpressibleByDictionaryLiteral {
    private var keys: [TemplateKey]
    private var values: [TemplateValue]

    init(dictionaryLiteral elements: (TemplateKey, TemplateValue?)...) {
        keys = []
        values = []
        keys.reserveCapacity(elements.count)
        values.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// The value of `key`; setting nil removes it, like a dictionary.
    subscript(key: TemplateKey) -> TemplateValue? {
        get {
            guard let i = keys.firstIndex(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = keys.firstIndex(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// This context with the values of `other` added, replacing its own of the same key.
    func merging(_ other: TemplateContext) -> TemplateContext {
        var merged = self
        for (key, value) in zip(other.keys, other.values) { merged[key] = value }
        return merged
    }

    /// The context as swift-mustache takes it, for templates that only it can render.
    var mustacheValue: [String: Any] {
        var dictionary: [String: Any] = [:]
        for (key, value) in zip(keys, values) { dictionary[key.rawValue] = value.mustacheValue }
        return dictionary
    }
}
