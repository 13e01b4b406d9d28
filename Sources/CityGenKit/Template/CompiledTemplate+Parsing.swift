/// Parsing: a template's source as text and tags, then as nodes, before `CompiledTemplate` flattens them.
extension CompiledTemplate {
    /// A piece of the source: text, or a tag with its sigil (`#`, `^`, `/`, `!`, `>`, `{`, `&`, or none) and name.
    enum Piece {
        case text(Substring)
        case tag(sigil: Character?, name: String)
    }

    /// The source as text and tags, with standalone lines (a section, inverted section, closing, comment or
    /// partial tag alone on its line) removed whole. Nil for what this compiler leaves to swift-mustache.
    static func lex(_ source: String) -> [Piece]? {
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

    static func lexLine(_ line: Substring) -> [Piece]? {
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
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-?()".contains($0) }) else { return nil }
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
    static func parse(_ pieces: ArraySlice<Piece>, closing: String?) -> ([Node], ArraySlice<Piece>)? {
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
            case .tag(let sigil, var name):
                // `{{{html(x)}}}`: x escaped for raw HTML; any other transform is swift-mustache's.
                let html = name.hasPrefix("html(") && name.hasSuffix(")")
                if html {
                    guard sigil == "{" || sigil == "&" else { return nil }
                    name = String(name.dropFirst(5).dropLast())
                }
                if name.contains("(") || name.contains(")") { return nil }
                let names = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                if names.contains(where: \.isEmpty) { return nil }
                let keys = names.compactMap(TemplateKey.init(name:))
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
                case "{", "&": nodes.append(.variable(path, html ? .html : .none))
                default: nodes.append(.variable(path, .format))
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
