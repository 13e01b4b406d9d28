import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen search`: answers a query from a built site's `search/` index, reading only the shards it needs.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Search the built site's index by prefix, as the site's search box does.",
            discussion: """
                Prints one `Name, CC` line per match in list order (the name alone when the country is empty), or \
                JSON with --json. Exits 1 when nothing matches, like grep. A query that folds to nothing (empty, blanks, punctuation) lists from the start.
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

        @Flag(help: "Print a JSON array of {id, name, country, lat, lon} objects.")
        var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        }

        func run() throws {
            let results: [IndexEntry]
            do {
                let index = try SearchIndex(site: URL(fileURLWithPath: output))
                results = favoritesOnly
                    ? try index.favorites(matching: query, limit: limit ?? .max)
                    : try index.search(query, limit: limit ?? .max)
            } catch {
                throw reportedFailure(error)
            }
            if json {
                let rows = results.map { entry in
                    "{\"id\":\(entry.id),\"name\":\(JSONText.quoted(entry.name)),\"country\":\(JSONText.quoted(entry.country)),"
                        + "\"lat\":\(Coordinate.format(entry.latitude)),\"lon\":\(Coordinate.format(entry.longitude))"
                        + (entry.distinctionText.map { ",\"distinction\":\(JSONText.quoted($0))}" } ?? "}")
                }
                print("[" + rows.joined(separator: ",\n") + "]")
            } else {
                var text = ""
                for entry in results { text += entry.label + "\n" }
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            if results.isEmpty { throw ExitCode(ExitStatus.notFound.rawValue) }
        }
    }
}
