import Mustache

/// A value in a page's Mustache context: what `CompiledTemplate` renders without casts from `Any`.
enum TemplateValue: Sendable {
    /// Text: `{{x}}` escapes it for the template's format, `{{{x}}}` inserts it as is.
    case text(String)
    /// UTF-8 text already in bytes (the layout's `body`, cmark's output), inserted like `.text`.
    case bytes([UInt8])
    case number(Int)
    /// `{{#x}}` shows its section when true; `{{x}}` prints `true` or `false`.
    case flag(Bool)
    /// `{{#x}}` shows its section once per element, each on top of the context stack; none when empty.
    case list([TemplateContext])
    /// `{{#x}}` shows its section once with it on top of the stack; `{{x.y}}` reads from it.
    case object(TemplateContext)

    /// The value as swift-mustache takes it in `formats`, for templates that only it can render.
    func mustacheValue(in formats: TemplateContext.Formats = .all) -> Any {
        switch self {
        case .text(let text): MustacheText(text: text)
        case .bytes(let bytes): MustacheText(text: String(decoding: bytes, as: UTF8.self))
        case .number(let number): number
        case .flag(let flag): flag
        case .list(let rows): rows.map { $0.mustacheValue(in: formats) }
        case .object(let object): object.mustacheValue(in: formats)
        }
    }
}

/// Text as swift-mustache takes it: itself, and `html(x)` escaped for raw HTML as `CompiledTemplate` escapes it.
struct MustacheText: MustacheTransformable, CustomStringConvertible {
    let text: String
    var description: String { text }

    func transform(_ name: String) -> Any? { name == "html" ? HTMLEscaping.escape(text) : text.transform(name) }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    init(stringLiteral text: String) { self = .text(text) }
    init(booleanLiteral flag: Bool) { self = .flag(flag) }
}
