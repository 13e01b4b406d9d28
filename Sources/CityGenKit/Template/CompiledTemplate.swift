/// A Mustache template compiled once into a flat program (names resolved to `TemplateKey`s, steps, texts and names
/// in three arrays) that renders `TemplateContext`s into UTF-8 bytes as swift-mustache would (docs/design.md,
/// "Render"). What it does not handle (set delimiters, pragmas, inheritance, dynamic or indented partials,
/// transforms, a tag across lines) makes `init` return nil, and `TemplateSet` renders with swift-mustache.
struct CompiledTemplate: Sendable {
    /// A dotted name resolved to keys; nil when a part of it is in no context; empty for `{{.}}`.
    typealias Path = [TemplateKey]?

    /// The template as parsed, before it is flattened into `ops`.
    indirect enum Node {
        case text([UInt8])
        case variable(Path, Escaping)
        case section(Path, [Node], inverted: Bool)
        case partial(String)
    }

    /// How a variable's text goes in: as it is (`{{{x}}}`), for the format (`{{x}}`), or for HTML (`{{{html(x)}}}`).
    enum Escaping { case none, format, html }

    /// One step of the program. A text is `text[start..<start + count]`; a name is `keys[start..<start + count]`
    /// (a `start` of -1 for a name in no context); a section's body is the steps after it up to `end`; a partial
    /// is `partialNames[start]`.
    private struct Op {
        enum Kind: UInt8 { case text, variable, escapedVariable, htmlVariable, section, invertedSection, partial }
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
                case .variable(let path, let escaping):
                    let (start, count) = name(path)
                    ops.append(Op(kind: [.none: .variable, .format: .escapedVariable, .html: .htmlVariable][escaping]!, start: start, count: count))
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

    /// Renders with the values of `context` that `formats` show at the end of `out`; `partials` resolves `{{>name}}`.
    func render(_ context: TemplateContext, in formats: TemplateContext.Formats = .all, partials: [String: CompiledTemplate], into out: inout [UInt8]) {
        var shape: MarkdownShape?
        render(context, formats, partials: partials, into: &out, shape: &shape)
    }

    /// Renders with `context` as a shape: each non-empty value's marker into `shape.markdown`, the value into `shape`.
    func renderShape(
        _ context: TemplateContext, in formats: TemplateContext.Formats = .all, partials: [String: CompiledTemplate], into shape: inout MarkdownShape
    ) {
        // Swapped, never copied: each buffer stays unique, so it grows where it is.
        var recording: MarkdownShape? = MarkdownShape(reserving: false)
        swap(&recording!, &shape)
        var markdown: [UInt8] = []
        swap(&markdown, &recording!.markdown)
        render(context, formats, partials: partials, into: &markdown, shape: &recording)
        swap(&markdown, &recording!.markdown)
        swap(&recording!, &shape)
    }

    private func render(
        _ context: TemplateContext, _ formats: TemplateContext.Formats, partials: [String: CompiledTemplate], into out: inout [UInt8], shape: inout MarkdownShape?
    ) {
        context.entries.withUnsafeBufferPointer { entries in
            context.nested.withUnsafeBufferPointer { nested in
                context.bytes.withUnsafeBufferPointer { bytes in
                    // The top level's last entry of each key, found once: most names a page asks for are there or nowhere.
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: TemplateKey.allCases.count) { top in
                        top.initialize(repeating: -1)
                        for (i, entry) in entries.enumerated() where !entry.formats.isDisjoint(with: formats) { top[entry.key.ordinal] = Int32(i) }
                        var renderer = Renderer(
                            context: context, formats: formats, entries: entries, nested: nested, bytes: bytes, top: UnsafeBufferPointer(top),
                            partials: partials)
                        swap(&renderer.shape, &shape)
                        renderer.render(self, into: &out)
                        swap(&renderer.shape, &shape)
                    }
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
        /// The formats whose values it sees.
        let formats: TemplateContext.Formats
        let entries: UnsafeBufferPointer<Entry>, nested: UnsafeBufferPointer<Entry>, bytes: UnsafeBufferPointer<UInt8>
        /// The index in `entries` of each key's last entry by `TemplateKey.ordinal`, or -1.
        let top: UnsafeBufferPointer<Int32>
        let partials: [String: CompiledTemplate]
        var stack: [Entry]
        /// Where values go when rendering a shape: their markers into the output, themselves here.
        var shape: MarkdownShape?

        init(
            context: TemplateContext, formats: TemplateContext.Formats, entries: UnsafeBufferPointer<Entry>, nested: UnsafeBufferPointer<Entry>,
            bytes: UnsafeBufferPointer<UInt8>, top: UnsafeBufferPointer<Int32>, partials: [String: CompiledTemplate]
        ) {
            (self.context, self.formats, self.entries, self.nested, self.bytes) = (context, formats, entries, nested, bytes)
            (self.top, self.partials) = (top, partials)
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
                case .variable, .escapedVariable, .htmlVariable:
                    guard let entry = lookup(op, program) else { continue }
                    writeValue(entry, op, program, &out)
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

        /// Appends the value of `entry` to `out` as `op` writes it: a number in decimal, a flag as `true` or `false`.
        private mutating func writeValue(_ entry: Entry, _ op: Op, _ program: Program, _ out: inout [UInt8]) {
            switch entry.kind {
            case .text: write(UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.count)]), op, program, &out)
            case .number:
                guard shape != nil else { return Digits.append(entry.number, to: &out) }
                var digits: [UInt8] = []
                Digits.append(entry.number, to: &digits)
                digits.withUnsafeBufferPointer { write($0, op, program, &out) }
            case .flag:
                guard shape != nil else { return out += (entry.start != 0 ? "true" : "false").utf8 }
                Array((entry.start != 0 ? "true" : "false").utf8).withUnsafeBufferPointer { write($0, op, program, &out) }
            case .list, .object:
                var text = String(describing: value(entry).mustacheValue(in: formats))
                text.withUTF8 { write($0, op, program, &out) }
            }
        }

        /// Appends a variable's `text` to `out` as `op` escapes it (when rendering a shape, its marker).
        private mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ op: Op, _ program: Program, _ out: inout [UInt8]) {
            if shape != nil {
                switch op.kind {
                case .escapedVariable: shape!.record(text, escape: program.template.escape, into: &out)
                case .htmlVariable: shape!.record(text, escape: HTMLEscaping.append, raw: true, into: &out)
                default: shape!.record(text, escape: nil, into: &out)
                }
                return
            }
            switch op.kind {
            case .escapedVariable: program.template.escape(text, &out)
            case .htmlVariable: HTMLEscaping.append(text, to: &out)
            default: out.append(contentsOf: text)
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

        /// The last entry of `key` in `object` that `formats` show, when it is an object.
        private func find(_ key: TemplateKey, in object: Entry) -> Entry? {
            guard object.kind == .object else { return nil }
            if object.start < 0 {
                let i = top[key.ordinal]
                return i < 0 ? nil : entries[Int(i)]
            }
            let level = UnsafeBufferPointer(rebasing: nested[Int(object.start)..<Int(object.start + object.count)])
            var i = level.count
            while i > 0 {
                i -= 1
                if level[i].key == key, !level[i].formats.isDisjoint(with: formats) { return level[i] }
            }
            return nil
        }

        private func value(_ entry: Entry) -> TemplateValue {
            entry.start < 0 && entry.kind == .object ? .object(context) : context.value(entry, in: formats)
        }
    }
}
