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
                the start.
                """
        )

        @Argument(help: "The query: the start of a city name, optionally followed by a comma and a country code.")
        var query: String

        @Flag(help: "Only the favorites.")
        var favoritesOnly = false

        @Option(help: "At most this many results. (default: all)")
        var limit: Int?

        @Option(help: "The built site's folder.")
        var output: String = BuildOptions.Defaults.output

        @Flag(help: "Print JSON: {\"results\": [{id, name, country, lat, lon, block, otherName?, …}], \"top\": [the top matches]}.")
        var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        }

        func run() throws {
            let results: [(entry: IndexEntry, block: SearchIndex.Block)]
            var top: [IndexEntry] = []
            do {
                let index = try SearchIndex(site: URL(fileURLWithPath: output))
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
                print("{\"results\":[" + results.map { object($0.entry, block: $0.block) }.joined(separator: ",\n")
                    + "],\n\"top\":[" + top.map { object($0, block: nil) }.joined(separator: ",\n") + "]}")
            } else {
                var text = ""
                for (entry, _) in results { text += entry.label + "\n" }
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            if results.isEmpty { throw ExitCode(ExitStatus.notFound.rawValue) }
        }
    }
}
