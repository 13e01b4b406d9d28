/// The two formats every page is written in.
public enum PageFormat: String, CaseIterable, Sendable {
    case html, markdown

    var fileExtension: String { self == .html ? "html" : "md" }
}
