/// A Mustache template compiled once per build into a tree that renders `TemplateContext`s into UTF-8 bytes
/// (issue 11). Its names are resolved to `TemplateKey`s when it is compiled, so rendering a variable is a
/// search among a few integers and a copy of bytes: no string hashing, no casts from `Any`, no `String`
/// growing page by page. (swift-mustache spends most of a build in `getChild`, whose casts to protocols go
/// through the runtime's conformance lookup for every variable of every page.)
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

    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(Path, escaped: Bool)
        case section(Path, [Node], inverted: Bool)
        case partial(String)
    }

    /// Escapes a value's text for the template's format, appending it to the page.
    typealias Escape = @Sendable (String, inout [UInt8]) -> Void

    let nodes: [Node]
    /// How `{{x}}` escapes: Markdown for the page templates, HTML for the layout.
    let escape: Escape

    init?(_ source: String, escape: @escaping Escape) {
        guard let pieces = Self.lex(source), let (nodes, rest) = Self.parse(pieces[...], closing: nil), rest.isEmpty else { return nil }
        self.nodes = nodes
        self.escape = escape
    }

    /// Renders with `context` at the end of `out`; `partials` resolves `{{>name}}`.
    func render(_ context: TemplateContext, partials: [String: CompiledTemplate], into out: inout [UInt8]) {
        var stack: [TemplateValue] = [.object(context)]
        render(nodes, &stack, into: &out, partials: partials)
    }

    // MARK: Rendering

    private func render(_ nodes: [Node], _ stack: inout [TemplateValue], into out: inout [UInt8], partials: [String: CompiledTemplate]) {
        for node in nodes {
            switch node {
            case .text(let text):
                out += text
            case .variable(let path, let escaped):
                switch Self.lookup(path, in: stack) {
                case nil: continue
                case .text(let text)?: if escaped { escape(text, &out) } else { out += text.utf8 }
                case .bytes(let bytes)?: if escaped { escape(String(decoding: bytes, as: UTF8.self), &out) } else { out += bytes }
                case .number(let number)?: out += String(number).utf8
                case .flag(let flag)?: out += (flag ? "true" : "false").utf8
                case let value?:
                    let text = String(describing: value.mustacheValue)
                    if escaped { escape(text, &out) } else { out += text.utf8 }
                }
            case .section(let path, let body, let inverted):
                let value = Self.lookup(path, in: stack)
                if inverted {
                    if !(value?.isTruthy ?? false) { render(body, &stack, into: &out, partials: partials) }
                    continue
                }
                switch value {
                case nil, .flag(false)?:
                    continue
                case .flag(true)?:
                    render(body, &stack, into: &out, partials: partials)
                case .list(let rows)?:
                    for row in rows {
                        stack.append(.object(row))
                        render(body, &stack, into: &out, partials: partials)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    render(body, &stack, into: &out, partials: partials)
                    stack.removeLast()
                }
            case .partial(let name):
                guard let partial = partials[name] else { continue }
                partial.render(partial.nodes, &stack, into: &out, partials: partials)
            }
        }
    }

    /// A name's value: its first part from the innermost context that has it, the rest from there on.
    private static func lookup(_ path: Path, in stack: [TemplateValue]) -> TemplateValue? {
        guard let path else { return nil }
        guard let first = path.first else { return stack.last }
        for level in stack.reversed() {
            guard case .object(let context) = level, var value = context[first] else { continue }
            for key in path.dropFirst() {
                guard case .object(let object) = value, let next = object[key] else { return nil }
                value = next
            }
            return value
        }
        return nil
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
