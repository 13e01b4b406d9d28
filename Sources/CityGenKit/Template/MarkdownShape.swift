import Foundation

/// A page's Markdown with each value's place marked instead of its text: pages whose shapes are equal are the same
/// Markdown but for their values, so cmark renders their shape once (`HTMLShape`) and each page writes its values in.
/// A value is kept aside with what it is made of (`ValueTraits`), which decides where it may be written in unparsed.
struct MarkdownShape {
    /// The Markdown with a marker (`ShapeMarker`) for each non-empty value, ending as `TemplateSet.markdown`'s text.
    var markdown: [UInt8] = []
    /// The values as they go into the Markdown (`{{x}}` escaped), one after the other.
    var valueBytes: [UInt8] = []
    /// The texts that escaped values show (the value before escaping), one after the other.
    var shownBytes: [UInt8] = []
    var values: [Value] = []

    /// A value: its Markdown is `valueBytes[previous end..<markdownEnd]`; what it shows as text is
    /// `shownBytes[shownStart..<shownEnd]`, or its Markdown when `shownStart` is -1 (a value written as it is).
    struct Value {
        var markdownEnd: Int32
        var shownStart: Int32, shownEnd: Int32
        var traits: ValueTraits
    }

    /// An empty shape, with room for a detail page unless `reserving` is false.
    init(reserving: Bool = true) {
        guard reserving else { return }
        markdown.reserveCapacity(4096)
        valueBytes.reserveCapacity(2048)
        shownBytes.reserveCapacity(1024)
        values.reserveCapacity(96)
    }

    /// Puts a value in: `text` escaped by `escape` (nil: as it is) into the Markdown, its marker into `out`. A `raw`
    /// value is read as its Markdown (`{{{html(x)}}}`, escaped for HTML, not for Markdown). Spaces at either end of
    /// a value go into the shape as they are: whether cmark reads a `*` beside them as emphasis, or a line's end
    /// as a hard break, depends on them.
    mutating func record(_ text: UnsafeBufferPointer<UInt8>, escape: CompiledTemplate.Escape?, raw: Bool = false, into out: inout [UInt8]) {
        let start = valueBytes.count
        if let escape { escape(text, &valueBytes) } else { valueBytes.append(contentsOf: text) }
        let count = valueBytes.count
        let (first, end, same) = valueBytes.withUnsafeBufferPointer { bytes in
            var first = start, end = count
            while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
            // Escaping left most values as they were: they show their Markdown, kept once.
            let same = count - start == text.count && memcmp(bytes.baseAddress! + start, text.baseAddress!, text.count) == 0
            return (first, end, same)
        }
        guard end > first else {
            out.append(contentsOf: valueBytes[start...])
            valueBytes.removeSubrange(start...)
            return
        }
        if first > start || end < count {
            out.append(contentsOf: valueBytes[start..<first])
            ShapeMarker.append(values.count, to: &out)
            out.append(contentsOf: valueBytes[end...])
            valueBytes.removeSubrange(end...)
            valueBytes.removeSubrange(start..<first)
        } else {
            ShapeMarker.append(values.count, to: &out)
        }
        let escaped = escape != nil && !raw
        let leading = first - start, trailing = count - end
        let shown = UnsafeBufferPointer(rebasing: text[min(leading, text.count)..<max(leading, text.count - trailing)])
        let traits = valueBytes.withUnsafeBufferPointer { markdown in
            let markdown = UnsafeBufferPointer(rebasing: markdown[start...])
            // The escaped text has the same spaces at its ends as the text.
            return escaped ? ValueTraits(escaped: markdown, shown: shown) : ValueTraits(raw: markdown)
        }
        if escaped, !same {
            let shownStart = shownBytes.count
            shownBytes.append(contentsOf: shown)
            values.append(Value(markdownEnd: Int32(valueBytes.count), shownStart: Int32(shownStart), shownEnd: Int32(shownBytes.count), traits: traits))
        } else {
            values.append(Value(markdownEnd: Int32(valueBytes.count), shownStart: -1, shownEnd: -1, traits: traits))
        }
    }

}

/// The marker of a value in a shape: `Zx`, the value's number in hexadecimal written with the letters a to p, `xZ`.
/// Letters only, so that cmark treats it as a word wherever it stands, and it reads back from cmark's output as it went in.
enum ShapeMarker {
    static let open: (UInt8, UInt8) = (UInt8(ascii: "Z"), UInt8(ascii: "x"))
    static let close: (UInt8, UInt8) = (UInt8(ascii: "x"), UInt8(ascii: "Z"))

    static func append(_ index: Int, to out: inout [UInt8]) {
        out.append(open.0)
        out.append(open.1)
        var shift = 0
        while index >> shift >= 16 { shift += 4 }
        while shift >= 0 {
            out.append(UInt8(ascii: "a") + UInt8(index >> shift & 15))
            shift -= 4
        }
        out.append(close.0)
        out.append(close.1)
    }

    /// The markers in `bytes`, in order: each one's index and range.
    static func find(in bytes: UnsafeBufferPointer<UInt8>) -> [(index: Int, range: Range<Int>)] {
        var found: [(index: Int, range: Range<Int>)] = []
        var i = 0
        while i + 4 < bytes.count {
            guard bytes[i] == open.0, bytes[i + 1] == open.1 else {
                i += 1
                continue
            }
            var j = i + 2, index = 0
            while j < bytes.count, bytes[j] >= UInt8(ascii: "a"), bytes[j] <= UInt8(ascii: "p"), j - i < 12 {
                index = index << 4 | Int(bytes[j] - UInt8(ascii: "a"))
                j += 1
            }
            if j > i + 2, j + 1 < bytes.count, bytes[j] == close.0, bytes[j + 1] == close.1 {
                found.append((index, i..<j + 2))
                i = j + 2
            } else {
                i += 1
            }
        }
        return found
    }
}

/// What a value's bytes are made of, as far as cmark could read them otherwise than as the marker in its place:
/// each place in a shape requires some of these (`HTMLShape`), and a value lacking one is rendered by cmark.
struct ValueTraits: OptionSet, Sendable {
    let rawValue: UInt16

    /// Reads as its own text inside a paragraph or heading: escaped (no backtick, which a code span could close on
    /// even escaped), or with none of ``\`*_[]<>!&``, no control character and no `#` last.
    static let text = ValueTraits(rawValue: 1 << 0)
    /// Starts with a byte that opens no block at the start of a line (a letter, a character beyond ASCII, ASCII
    /// punctuation that no block starts with), or with digits and then neither `.` nor `)` (digits alone:
    /// `notOnlyDigits` says whether what follows matters): no list, heading, quote or code, as the marker opens none.
    static let opensNoBlock = ValueTraits(rawValue: 1 << 1)
    static let notOnlyDigits = ValueTraits(rawValue: 1 << 10)
    /// Starts / ends with a letter, mark or digit: next to `*` or `_` it counts as the marker's letters do.
    static let wordStart = ValueTraits(rawValue: 1 << 2)
    static let wordEnd = ValueTraits(rawValue: 1 << 3)
    /// No control character and no `"` (a double-quoted attribute), no `'` (single-quoted), or nothing an unquoted
    /// attribute value cannot hold.
    static let doubleQuotable = ValueTraits(rawValue: 1 << 4)
    static let singleQuotable = ValueTraits(rawValue: 1 << 5)
    static let unquotable = ValueTraits(rawValue: 1 << 6)
    /// No control character (and, as every value's ends are, no space at either end): inside an HTML block it
    /// cannot end the block.
    static let inHTMLBlock = ValueTraits(rawValue: 1 << 7)
    /// Only bytes that a link's destination keeps as they are and cmark writes as they are:
    /// ASCII letters, digits and `-._~/#?=%:,;@+`.
    static let url = ValueTraits(rawValue: 1 << 8)

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The traits of an escaped value: `markdown` as escaped, `shown` as it was.
    init(escaped markdown: UnsafeBufferPointer<UInt8>, shown: UnsafeBufferPointer<UInt8>) {
        let classes = Self.classes(markdown)
        self = Self.common(markdown, classes)
        // A replaced character (written as U+FFFD, which starts with 0xEF) is not what the text shows.
        if !classes.contains(.backtick), !classes.contains(.lead0xEF) || !Self.hasReplacedCharacter(shown) { insert(.text) }
    }

    /// The traits of a value written as it is.
    init(raw bytes: UnsafeBufferPointer<UInt8>) {
        let classes = Self.classes(bytes)
        self = Self.common(bytes, classes)
        if !classes.contains(.syntax), !classes.contains(.control), bytes.last != UInt8(ascii: "#") { insert(.text) }
    }

    /// What the bytes of a value are, as the bits of `table` ORed over them.
    private struct ByteClasses: OptionSet {
        let rawValue: UInt8
        static let control = ByteClasses(rawValue: 1), syntax = ByteClasses(rawValue: 2), doubleQuote = ByteClasses(rawValue: 4)
        static let singleQuote = ByteClasses(rawValue: 8), notUnquotable = ByteClasses(rawValue: 16), notURL = ByteClasses(rawValue: 32)
        static let backtick = ByteClasses(rawValue: 64), lead0xEF = ByteClasses(rawValue: 128)
    }

    /// Each byte's classes: controls; ``\`*_[]<>!&`` (what could start or end inline syntax); quotes; what an
    /// unquoted attribute value cannot hold (space ``"'=<>` ``); what is not ASCII letters, digits or `-._~/#?=%:,;@+`.
    private static let table: [UInt8] = (0..<256).map { byte in
        var classes: ByteClasses = []
        let character = Character(Unicode.Scalar(UInt8(byte)))
        if byte < 0x20 || byte == 0x7F { classes.insert(.control) }
        if "\\`*_[]<>!&".contains(character) { classes.insert(.syntax) }
        if byte == 0x22 { classes.insert(.doubleQuote) }
        if byte == 0x27 { classes.insert(.singleQuote) }
        if byte < 0x20 || " \"'=<>`".contains(character) { classes.insert(.notUnquotable) }
        if byte >= 0x80 || !((character.isLetter || character.isNumber) || "-._~/#?=%:,;@+".contains(character)) { classes.insert(.notURL) }
        if byte == 0x60 { classes.insert(.backtick) }
        if byte == 0xEF { classes.insert(.lead0xEF) }
        return classes.rawValue
    }

    private static func classes(_ bytes: UnsafeBufferPointer<UInt8>) -> ByteClasses {
        table.withUnsafeBufferPointer { table in
            var classes: UInt8 = 0
            for byte in bytes { classes |= table[Int(byte)] }
            return ByteClasses(rawValue: classes)
        }
    }

    /// What a block can start with (or, in some Markdown, a table's row): ``#>-+*=`~<_[|:`` and space.
    private static let blockStarts = MarkdownEscaping.ByteSet(low: 0x74002C0900000000, high: 0x5000000188000000)

    private static func common(_ bytes: UnsafeBufferPointer<UInt8>, _ classes: ByteClasses) -> ValueTraits {
        var traits: ValueTraits = []
        guard !classes.contains(.control), let first = firstScalar(bytes), let last = lastScalar(bytes) else { return traits }
        if kind(first) != .other { traits.insert(.wordStart) }
        if kind(last) != .other { traits.insert(.wordEnd) }
        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        if digits < bytes.count { traits.insert(.notOnlyDigits) }
        let opensNoBlock =
            digits > 0
            ? digits == bytes.count || (bytes[digits] != UInt8(ascii: ".") && bytes[digits] != UInt8(ascii: ")"))
            : bytes[0] >= 0x80 || !blockStarts.contains(bytes[0])
        if opensNoBlock { traits.insert(.opensNoBlock) }
        if !classes.contains(.doubleQuote) { traits.insert(.doubleQuotable) }
        if !classes.contains(.singleQuote) { traits.insert(.singleQuotable) }
        if !classes.contains(.notUnquotable) { traits.insert(.unquotable) }
        if !classes.contains(.notURL) { traits.insert(.url) }
        traits.insert(.inHTMLBlock)
        return traits
    }

    /// Whether `bytes` hold a character `MarkdownEscaping` writes as U+FFFD: a control (C0, DEL, C1), U+2028, U+2029.
    private static func hasReplacedCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (i, byte) in bytes.enumerated() {
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return true }
            if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return true }
        }
        return false
    }

    private enum Kind { case letter, digit, other }

    /// A letter or mark, a number, or anything else (space, punctuation, symbol) by Unicode's general category.
    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return .letter }
            return (0x30...0x39).contains(byte) ? .digit : .other
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark:
            return .letter
        case .decimalNumber, .letterNumber, .otherNumber: return .digit
        default: return .other
        }
    }

    private static func firstScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    private static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var start = bytes.count - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0 else { return nil }
        return firstScalar(UnsafeBufferPointer(rebasing: bytes[start...]))
    }
}
