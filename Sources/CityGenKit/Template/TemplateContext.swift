/// One level of a page's Mustache context, stored flat: every value is an `Entry` of plain integers, every text a
/// run of one byte buffer, so a page renders without a reference count or a `String` per value. An object's entries
/// are searched from the end: a later entry of a key hides an earlier one, so building and merging only appends.
/// One context can hold both formats' values (a detail page's, made once a city): each value says which formats show
/// it, and a template rendering one format sees only those values.
struct TemplateContext: Sendable, ExpressibleByDictionaryLiteral {
    /// The formats that show a value.
    struct Formats: OptionSet, Sendable {
        let rawValue: UInt8
        static let html = Formats(rawValue: 1), markdown = Formats(rawValue: 2)
        static let all: Formats = [.html, .markdown]

        init(rawValue: UInt8) { self.rawValue = rawValue }
        init(_ format: PageFormat) { self = format == .html ? .html : .markdown }
    }

    /// What a value is; `start` and `count` say where: a text is `bytes[start..<start + count]`, an object's
    /// entries are `nested[start..<start + count]`, and a list's rows are `nested[start..<start + count]`, each
    /// an `.object` entry. A number keeps its high and low 32 bits in `start` and `count`, a flag 0 or 1 in `start`.
    struct Entry: Sendable {
        enum Kind: UInt8, Sendable { case text, number, flag, list, object }
        var key: TemplateKey
        var kind: Kind
        // Beside the two bytes before it, where it costs no room.
        var formats: Formats = .all
        var start: Int32
        var count: Int32
    }

    /// The entries of this level.
    private(set) var entries: [Entry] = []
    /// The entries of the objects and rows inside it.
    private(set) var nested: [Entry] = []
    /// The UTF-8 bytes of every text.
    private(set) var bytes: [UInt8] = []
    /// The formats that show the values appended now (`only`).
    var formats: Formats = .all

    init() {}

    /// The pairs with a value, in order; a key given twice has its last value.
    init(dictionaryLiteral elements: (TemplateKey, TemplateValue?)...) {
        entries.reserveCapacity(elements.count)
        for case let (key, value?) in elements { append(key, value) }
    }

    /// The value of `key`, the last appended (rebuilt from the flat storage, for code that is not on a page's path).
    subscript(key: TemplateKey) -> TemplateValue? {
        entries.last { $0.key == key }.map { value($0, in: .all) }
    }

    // MARK: Building

    mutating func append(_ key: TemplateKey, _ value: TemplateValue?) {
        guard let value else { return }
        switch value {
        case .text(let text): append(key, text: text)
        case .bytes(let text): append(key, bytes: text)
        case .number(let number): append(key, number: number)
        case .flag(let flag): append(key, flag: flag)
        case .list(let rows):
            var list = TemplateRows()
            for row in rows { list.appendRow(row) }
            append(key, rows: list)
        case .object(let object):
            let (start, count) = embed(object)
            entries.append(Entry(key: key, kind: .object, formats: formats, start: start, count: count))
        }
    }

    mutating func append(_ key: TemplateKey, text: String) {
        appendText(key) { $0 += text.utf8 }
    }

    mutating func append(_ key: TemplateKey, bytes text: some Collection<UInt8>) {
        appendText(key) { $0 += text }
    }

    mutating func append(_ key: TemplateKey, number: Int) {
        entries.append(Entry(key: key, kind: .number, formats: formats, start: Int32(truncatingIfNeeded: number >> 32), count: Int32(truncatingIfNeeded: number)))
    }

    mutating func append(_ key: TemplateKey, flag: Bool) {
        entries.append(Entry(key: key, kind: .flag, formats: formats, start: flag ? 1 : 0, count: 0))
    }

    /// Room for this many entries of this level and bytes of text, so that building a page does not regrow them.
    mutating func reserveCapacity(entries: Int, bytes: Int) {
        self.entries.reserveCapacity(entries)
        self.bytes.reserveCapacity(bytes)
    }

    /// A text that `write` appends to the bytes it is given (which must not change before that).
    mutating func appendText(_ key: TemplateKey, _ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        entries.append(Entry(key: key, kind: .text, formats: formats, start: Int32(start), count: Int32(bytes.count - start)))
    }

    /// `rows` as a list.
    mutating func append(_ key: TemplateKey, rows: TemplateRows) {
        let (nestedBase, bytesBase) = absorb(rows.values)
        let start = nested.count
        nested += rows.values.entries.lazy.map { $0.moved(nested: nestedBase, bytes: bytesBase) }
        var rowStart = start
        for end in rows.ends {
            nested.append(Entry(key: key, kind: .object, formats: formats, start: Int32(rowStart), count: Int32(start + end - rowStart)))
            rowStart = start + end
        }
        entries.append(Entry(key: key, kind: .list, formats: formats, start: Int32(nested.count - rows.count), count: Int32(rows.count)))
    }

    /// The one row of `rows` as an object.
    mutating func append(_ key: TemplateKey, object rows: TemplateRows) {
        precondition(rows.count == 1, "an object is one row")
        let (start, count) = embed(rows.values)
        entries.append(Entry(key: key, kind: .object, formats: formats, start: start, count: count))
    }

    /// Adds the values of `other`, replacing its own of the same key, each shown in the formats both say.
    mutating func append(contentsOf other: TemplateContext) {
        let (nestedBase, bytesBase) = absorb(other)
        let formats = formats
        entries += other.entries.lazy.map {
            var entry = $0.moved(nested: nestedBase, bytes: bytesBase)
            entry.formats.formIntersection(formats)
            return entry
        }
    }

    /// Appends with `build` values that only `formats` show; the values appended after are shown in every format.
    mutating func only(_ formats: Formats, _ build: (inout TemplateContext) -> Void) {
        self.formats = formats
        build(&self)
        self.formats = .all
    }

    /// This context with the values of `other` added, replacing its own of the same key.
    func merging(_ other: TemplateContext) -> TemplateContext {
        var merged = self
        merged.append(contentsOf: other)
        return merged
    }

    /// Removes every value, keeping the storage for the next ones.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        nested.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Copies `other`'s bytes and nested entries in; returns how far they moved.
    private mutating func absorb(_ other: TemplateContext) -> (nested: Int32, bytes: Int32) {
        let nestedBase = Int32(nested.count), bytesBase = Int32(bytes.count)
        bytes += other.bytes
        nested += other.nested.lazy.map { $0.moved(nested: nestedBase, bytes: bytesBase) }
        return (nestedBase, bytesBase)
    }

    /// Copies `other` in as an object; returns where its entries are in `nested`.
    private mutating func embed(_ other: TemplateContext) -> (start: Int32, count: Int32) {
        let (nestedBase, bytesBase) = absorb(other)
        let start = Int32(nested.count)
        nested += other.entries.lazy.map { $0.moved(nested: nestedBase, bytes: bytesBase) }
        return (start, Int32(other.entries.count))
    }

    // MARK: Reading

    /// The value `entry` stands for, as a `TemplateValue` of the values `formats` show.
    func value(_ entry: Entry, in formats: Formats) -> TemplateValue {
        switch entry.kind {
        case .text: .text(String(decoding: bytes[Int(entry.start)..<Int(entry.start + entry.count)], as: UTF8.self))
        case .number: .number(entry.number)
        case .flag: .flag(entry.start != 0)
        case .list: .list(nested[Int(entry.start)..<Int(entry.start + entry.count)].map { object($0, in: formats) })
        case .object: .object(object(entry, in: formats))
        }
    }

    /// The object `entry` stands for, as a context of its own with the values `formats` show.
    private func object(_ entry: Entry, in formats: Formats) -> TemplateContext {
        var object = TemplateContext()
        object.bytes = bytes
        object.nested = nested
        object.entries = nested[Int(entry.start)..<Int(entry.start + entry.count)].filter { !$0.formats.isDisjoint(with: formats) }
        return object
    }

    /// The values `formats` show, as swift-mustache takes them, for templates that only it can render.
    func mustacheValue(in formats: Formats = .all) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for entry in entries where !entry.formats.isDisjoint(with: formats) { dictionary[entry.key.name] = value(entry, in: formats).mustacheValue(in: formats) }
        return dictionary
    }
}

extension TemplateContext.Entry {
    /// The entry after its context's bytes and nested entries moved by the given amounts.
    func moved(nested: Int32, bytes: Int32) -> Self {
        var entry = self
        switch kind {
        case .text: entry.start += bytes
        case .list, .object: entry.start += nested
        case .number, .flag: break
        }
        return entry
    }

    var number: Int { Int(start) << 32 | Int(UInt32(bitPattern: count)) }
}
