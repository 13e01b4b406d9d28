import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen search`: answers a query from a built site's `search/` index, reading only the shards it needs.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Search the built site's index by prefix, as the site's search box does.",
            discussion: """
                Prints one `Name, CC` line per match (the name alone when the country is empty): names that start \
                with the query in list order, then names with a later word that does; with places, then places found \
                by another name, and for a query with fewer than 5 of those, places a typo away. --json marks each \
                result's block (prefix, word, other, typo) and lists the largest places among the matches. Exits 1 \
                when nothing matches, like grep. A query that folds to nothing (empty, blanks, punctuation) lists from \
                the start. A query of `-` reads queries from standard input, one a line, and answers each in turn from \
                one reading of the index: its lines then an empty line, or with --json one object a line with the \
                query; it exits 1 when none matched.
                """
        )

        @Argument(help: "The query: the start of a city name, optionally followed by a comma and a country code; - reads queries from standard input, one a line.")
        var query: String

        @Flag(help: "Only the favorites.")
        var favoritesOnly = false

        @Option(help: "At most this many results. (default: all)")
        var limit: Int?

        @Option(help: "The built site's folder.")
        var output: String = BuildOptions.Defaults.output

        @Flag(help: "Print JSON: {\"results\": [{id, name, country, lat, lon, block, distinction?, population?, otherName?}], \"top\": [the top matches]}.")
        var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        }

        func run() throws {
            let index: SearchIndex
            do { index = try SearchIndex(site: URL(fileURLWithPath: output)) } catch { throw reportedFailure(error) }
            // Labels as the site's pages show them, in its language where citygen ships its words.
            let language = index.manifest.language.flatMap { try? Words(language: $0) }.map(SiteLanguage.init) ?? .english
            guard query == "-" else {
                if try !answer(query, from: index, in: language, separator: ",\n") { throw ExitCode(ExitStatus.notFound.rawValue) }
                return
            }
            var matched = false
            while let line = readLine() {
                matched = try answer(line, from: index, in: language, separator: ",", named: true) || matched
                if !json { FileHandle.standardOutput.write(Data("\n".utf8)) }
            }
            if !matched { throw ExitCode(ExitStatus.notFound.rawValue) }
        }

        /// Prints the answer to `query`: its lines, or its JSON object (with the query when `named`, its entries
        /// apart by `separator`). Whether anything matched.
        private func answer(_ query: String, from index: SearchIndex, in language: SiteLanguage, separator: String, named: Bool = false) throws -> Bool {
            let results: [(entry: IndexEntry, block: SearchIndex.Block)]
            var top: [IndexEntry] = []
            do {
                results = favoritesOnly
                    ? try index.favorites(matching: query, limit: limit ?? .max).map { ($0, .prefix) }
                    : try index.searchBlocks(query, limit: limit ?? .max)
                if json, !favoritesOnly { top = try index.topMatches(query) }
            } catch {
                throw reportedFailure(error)
            }
            if json {
                func object(_ entry: IndexEntry, block: SearchIndex.Block?) -> String {
                    "{\"id\":\(entry.id),\"name\":\(JSONText.quoted(entry.name)),\"country\":\(JSONText.quoted(entry.country)),"
                        + "\"lat\":\(Coordinate.format(entry.latitude)),\"lon\":\(Coordinate.format(entry.longitude))"
                        + (entry.distinctionText.map { ",\"distinction\":\(JSONText.quoted($0))" } ?? "")
                        + (entry.population.map { ",\"population\":\($0)" } ?? "")
                        + (entry.otherName.map { ",\"otherName\":\(JSONText.quoted($0))" } ?? "") + (block.map { ",\"block\":\"\($0.rawValue)\"" } ?? "") + "}"
                }
                print("{" + (named ? "\"query\":\(JSONText.quoted(query))," : "") + "\"results\":[" + results.map { object($0.entry, block: $0.block) }.joined(separator: separator)
                    + "]," + (separator == "," ? "" : "\n") + "\"top\":[" + top.map { object($0, block: nil) }.joined(separator: separator) + "]}")
            } else {
                var text = ""
                for (entry, _) in results { text += entry.label(in: language) + "\n" }
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            return !results.isEmpty
        }
    }
}
