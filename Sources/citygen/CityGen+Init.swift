import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen init`: a commented citygen.yml to start from, and the default templates with `--templates`.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a commented citygen.yml (and with --templates, the default templates) to start from.",
            discussion: "Never replaces an existing file unless --force is given."
        )

        @Flag(help: "Also copy the default templates into templates/ for customising.")
        var templates = false

        @Option(help: "Also write strings/CODE.yml: the words citygen ships for the language CODE, or the English words with the plural forms CODE needs, to translate.")
        var strings: String?

        @Flag(help: "Replace files that already exist.")
        var force = false

        @Option(help: "The folder to write into.")
        var folder: String = "."

        func run() throws {
            do {
                let written = try Scaffold.write(into: URL(fileURLWithPath: folder), withTemplates: templates, strings: strings, force: force)
                if let table = written.first(where: { $0.hasPrefix(Scaffold.stringsFolder + "/") }) {
                    let code = URL(fileURLWithPath: table).deletingPathExtension().lastPathComponent
                    let what = Words.shippedCode(for: code) == nil ? "translate its words" : "citygen's own words for \(code), to change as you like"
                    printError("Wrote \(table): \(what), then set language: \(code) and strings: {\(code): \(table)} in \(SiteConfig.fileName).")
                }
                // What was written, by what it is: the config, a strings table, the templates' folder.
                var parts = [SiteConfig.fileName] + written.filter { $0.hasPrefix(Scaffold.stringsFolder + "/") }
                if templates { parts.append(Scaffold.templatesFolder + "/") }
                let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
                printError("Wrote \(written.count == 1 ? written[0] : "\(written.count) files: \(list)"). Next: citygen build")
            } catch {
                throw reportedFailure(error)
            }
        }
    }
}
