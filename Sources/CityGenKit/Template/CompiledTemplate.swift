/// A Mustache template compiled once per build into a flat program that renders `TemplateContext`s into UTF-8
/// bytes. Its names are resolved to `TemplateKey`s when it is compiled, and its steps, texts and
/// names are plain integers and bytes in three arrays, so rendering a variable is a search among a few integers
/// and a copy of bytes: no string hashing, no casts from `Any`, no reference counted node per step. (swift-mustache
/// spends most of a build in `getChild`, whose casts to protocols go through the runtime's conformance lookup for
/// every variable of every page.)
///
/// It renders exactly what swift-mustache renders for the Mustache that citygen's templates and most overrides
/// use: variables (`{{x}}`, `{{{x}}}`, `{{&x}}`, dotted names, `{{.}}`), sections, inverted sections, comments,
/// partials, and the spec's standalone lines. Anything else (set delimiters, pragmas, inheritance, dynamic or
/// indented partials, transforms, a tag across lines) makes `init` return nil, and `TemplateSet` then renders
/// with swift-mustache. `TemplateEquivalenceTests` renders every page of a site both ways.
struct CompiledTemplate: Sendable {
    /// A dotted name resolved to keys; nil when a part of it is in no context, so it is always missing. An
    /// empty path is `{{.}}`, the top of the stack.
    typealias Path = [TemplateKey]?

    /// The template as parsed, before it is flattened into `ops`.
    private indirect enum Node {
        case text([UInt8])
        case variable(Path, escaped: Bool)
        case section(Path, [Node], inverted: Bool)
        case partial(String)
    }

    /// One step of the program. A text is `text[start..<start + count]`; a name is `keys[start..<start + count]`
    /// (a `start` of -1 for a name in no context); a section's body is the steps after it up to `end`; a partial
    /// is `partialNames[start]`.
    private struct Op {
        enum Kind: UInt8 { case text, variable, escapedVariable, section, invertedSection, partial }
        var kind: Kind
        var start: Int32, count: Int32
        var end: Int32 = 0
    }

    /// Escapes a value's UTF-8 text for the template's format, appending it to the page.
    typealias Escape = @Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void

    private let ops: [Op]
    private let text: [UInt8]
    private let keys: [TemplateKey]
    private let partialNames: [String]
    /// How `{{x}}` escapes: Markdown for the page templates, HTML for the layout.
    let escape: Escape

    init?(_ source: String, escape: @escaping Escape) {
        guard let pieces = Self.lex(source), let (nodes, rest) = Self.parse(pieces[...], closing: nil), rest.isEmpty else { return nil }
        var ops: [Op] = [], text: [UInt8] = [], keys: [TemplateKey] = [], partialNames: [String] = []
        func flatten(_ nodes: [Node]) {
            func name(_ path: Path) -> (start: Int32, count: Int32) {
                guard let path else { return (-1, 0) }
                keys += path
                return (Int32(keys.count - path.count), Int32(path.count))
            }
            for node in nodes {
                switch node {
                case .text(let bytes):
                    ops.append(Op(kind: .text, start: Int32(text.count), count: Int32(bytes.count)))
                    text += bytes
                case .variable(let path, let escaped):
                    let (start, count) = name(path)
                    ops.append(Op(kind: escaped ? .escapedVariable : .variable, start: start, count: count))
                case .section(let path, let body, let inverted):
                    let (start, count) = name(path)
                    let at = ops.count
                    ops.append(Op(kind: inverted ? .invertedSection : .section, start: start, count: count))
                    flatten(body)
                    ops[at].end = Int32(ops.count)
                case .partial(let partial):
                    ops.append(Op(kind: .partial, start: Int32(partialNames.count), count: 0))
                    partialNames.append(partial)
                }
            }
        }
        flatten(nodes)
        (self.ops, self.text, self.keys, self.partialNames, self.escape) = (ops, text, keys, partialNames, escape)
    }

    /// Renders with `context` at the end of `out`; `partials` resolves `{{>name}}`.
    func render(_ context: TemplateContext, partials: [String: CompiledTemplate], into out: inout [UInt8]) {
        context.entries.withUnsafeBufferPointer { entries in
            context.nested.withUnsafeBufferPointer { nested in
                context.bytes.withUnsafeBufferPointer { bytes in
                    var renderer = Renderer(context: context, entries: entries, nested: nested, bytes: bytes, partials: partials)
                    renderer.render(self, into: &out)
                }
            }
        }
    }

    // MARK: Rendering

    /// The state of one rendering: the context's storage and the stack of sections entered, each an entry of it
    /// (the top level is an `.object` entry that starts at -1).
    private struct Renderer {
        typealias Entry = TemplateContext.Entry
        /// A template's arrays, for the time it renders.
        struct Program {
            let ops: UnsafeBufferPointer<Op>, text: UnsafeBufferPointer<UInt8>, keys: UnsafeBufferPointer<TemplateKey>
            let template: CompiledTemplate
        }
        let context: TemplateContext
        let entries: UnsafeBufferPointer<Entry>, nested: UnsafeBufferPointer<Entry>, bytes: UnsafeBufferPointer<UInt8>
        let partials: [String: CompiledTemplate]
        var stack: [Entry]

        init(
            context: TemplateContext, entries: UnsafeBufferPointer<Entry>, nested: UnsafeBufferPointer<Entry>,
            bytes: UnsafeBufferPointer<UInt8>, partials: [String: CompiledTemplate]
        ) {
            (self.context, self.entries, self.nested, self.bytes, self.partials) = (context, entries, nested, bytes, partials)
            stack = [Entry(key: .body, kind: .object, start: -1, count: Int32(entries.count))]
            stack.reserveCapacity(8)
        }

        mutating func render(_ template: CompiledTemplate, into out: inout [UInt8]) {
            template.ops.withUnsafeBufferPointer { ops in
                template.text.withUnsafeBufferPointer { text in
                    template.keys.withUnsafeBufferPointer { keys in
                        run(Program(ops: ops, text: text, keys: keys, template: template), 0..<ops.count, into: &out)
                    }
                }
            }
        }

        private mutating func run(_ program: Program, _ steps: Range<Int>, into out: inout [UInt8]) {
            var i = steps.lowerBound
            while i < steps.upperBound {
                let op = program.ops[i]
                i += 1
                switch op.kind {
                case .text:
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: program.text[Int(op.start)..<Int(op.start + op.count)]))
                case .variable, .escapedVariable:
                    guard let entry = lookup(op, program) else { continue }
                    let escaped = op.kind == .escapedVariable
                    switch entry.kind {
                    case .text:
                        let text = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.count)])
                        if escaped { program.template.escape(text, &out) } else { out.append(contentsOf: text) }
                    case .number: Digits.append(entry.number, to: &out)
                    case .flag: out += (entry.start != 0 ? "true" : "false").utf8
                    case .list, .object:
                        var text = String(describing: value(entry).mustacheValue)
                        text.withUTF8 { if escaped { program.template.escape($0, &out) } else { out.append(contentsOf: $0) } }
                    }
                case .section, .invertedSection:
                    let body = i..<Int(op.end)
                    i = body.upperBound
                    let entry = lookup(op, program)
                    let truthy =
                        switch entry?.kind {
                        case nil: false
                        case .flag?: entry!.start != 0
                        case .list?: entry!.count > 0
                        default: true
                        }
                    if op.kind == .invertedSection {
                        if !truthy { run(program, body, into: &out) }
                        continue
                    }
                    guard let entry, truthy else { continue }
                    switch entry.kind {
                    case .flag:
                        run(program, body, into: &out)
                    case .list:
                        for row in Int(entry.start)..<Int(entry.start + entry.count) {
                            stack.append(nested[row])
                            run(program, body, into: &out)
                            stack.removeLast()
                        }
                    default:
                        stack.append(entry)
                        run(program, body, into: &out)
                        stack.removeLast()
                    }
                case .partial:
                    guard let partial = partials[program.template.partialNames[Int(op.start)]] else { continue }
                    render(partial, into: &out)
                }
            }
        }

        /// The value of `op`'s name: its first part from the innermost object that has it, the rest from there on.
        private func lookup(_ op: Op, _ program: Program) -> Entry? {
            guard op.start >= 0 else { return nil }
            guard op.count > 0 else { return stack.last }
            let first = program.keys[Int(op.start)]
            var level = stack.count
            while level > 0 {
                level -= 1
                guard var entry = find(first, in: stack[level]) else { continue }
                for k in Int(op.start + 1)..<Int(op.start + op.count) {
                    guard let next = find(program.keys[k], in: entry) else { return nil }
                    entry = next
                }
                return entry
            }
            return nil
        }

        /// The last entry of `key` in `object`, when it is an object.
        private func find(_ key: TemplateKey, in object: Entry) -> Entry? {
            guard object.kind == .object else { return nil }
            let level = object.start < 0 ? entries : UnsafeBufferPointer(rebasing: nested[Int(object.start)..<Int(object.start + object.count)])
            var i = level.count
            while i > 0 {
                i -= 1
                if level[i].key == key { return level[i] }
            }
            return nil
        }

        private func value(_ entry: Entry) -> TemplateValue {
            entry.start < 0 && entry.kind == .object ? .object(context) : context.value(entry)
        }
    }

    // MARK: Parsing

    /// A piece of the source: text, or a tag with its sigil (`#`, `^`, `/`, `!`, `>`, `{`, `&`, or none) and name.
    private enum Piece {
        case text(Substring)
        case tag(sigil: Character?, name: String)
    }

    /// The source as text and tags, with standalone lines (a section, inverted section, closing, comment or
    /// partial tag alone on its line) removed whole. Nil for what this compiler leaves to swift-mustache.
    private static func lex(_ source: String) -> [Piece]? {
        // Split into lines, each keeping its line break, so that standalone lines can be judged one by one.
        var pieces: [Piece] = []
        var lineStart = source.startIndex
        while lineStart < source.endIndex {
            let lineEnd = source[lineStart...].firstIndex { $0.isNewline }.map { source.index(after: $0) } ?? source.endIndex
            guard let line = lexLine(source[lineStart..<lineEnd]) else { return nil }
            pieces += line
            lineStart = lineEnd
        }
        return pieces
    }

    private static func lexLine(_ line: Substring) -> [Piece]? {
        var pieces: [Piece] = []
        var rest = line
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(rest[..<open.lowerBound])) }
            let triple = rest[open.upperBound...].hasPrefix("{")
            guard let close = rest[open.upperBound...].range(of: triple ? "}}}" : "}}") else { return nil }  // a tag across lines
            var inside = rest[open.upperBound..<close.lowerBound]
            var sigil: Character?
            if triple {
                inside = inside.dropFirst()
                sigil = "{"
            } else if let first = inside.first, "#^/!>&".contains(first) {
                sigil = first
                inside = inside.dropFirst()
            } else if let first = inside.first, "=%<$*".contains(first) {
                return nil  // set delimiters, pragmas, inheritance: swift-mustache's
            }
            let name = inside.trimmingCharacters(in: " \t")
            if sigil != "!" {
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-?".contains($0) }) else { return nil }
            }
            pieces.append(.tag(sigil: sigil, name: name))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        // Standalone: one tag of these kinds, and nothing but spaces and tabs around it on the line.
        let tags = pieces.filter { if case .tag = $0 { true } else { false } }
        let blank = pieces.allSatisfy {
            if case .text(let text) = $0 { return text.allSatisfy { $0 == " " || $0 == "\t" || $0.isNewline } }
            return true
        }
        if tags.count == 1, blank, case .tag(let sigil?, _) = tags[0], "#^/!>".contains(sigil) {
            if sigil == ">", case .text(let before) = pieces[0], !before.isEmpty { return nil }  // an indented partial
            return tags
        }
        return pieces
    }

    /// Nodes up to the tag that closes `closing` (or the end), and the pieces after it.
    private static func parse(_ pieces: ArraySlice<Piece>, closing: String?) -> ([Node], ArraySlice<Piece>)? {
        var nodes: [Node] = []
        var rest = pieces
        while let piece = rest.first {
            rest = rest.dropFirst()
            switch piece {
            case .text(let text):
                if case .text(let previous)? = nodes.last {
                    nodes[nodes.count - 1] = .text(previous + Array(text.utf8))
                } else {
                    nodes.append(.text(Array(text.utf8)))
                }
            case .tag(let sigil, let name):
                let names = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                if names.contains(where: \.isEmpty) { return nil }
                let keys = names.compactMap(TemplateKey.init(rawValue:))
                let path: Path = keys.count == names.count ? keys : nil
                switch sigil {
                case "!": continue
                case "/":
                    return name == closing ? (nodes, rest) : nil
                case "#", "^":
                    guard let (body, after) = parse(rest, closing: name) else { return nil }
                    nodes.append(.section(path, body, inverted: sigil == "^"))
                    rest = after
                case ">": nodes.append(.partial(name))
                case "{", "&": nodes.append(.variable(path, escaped: false))
                default: nodes.append(.variable(path, escaped: true))
                }
            }
        }
        return closing == nil ? (nodes, rest) : nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
