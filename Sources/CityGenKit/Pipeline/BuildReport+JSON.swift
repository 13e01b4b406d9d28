import Foundation

/// `--report json`: what a build did, for CI (format in docs/formats.md, "The build report").
extension BuildReport {
    struct JSONReport: Encodable {
        struct Source: Encodable {
            let kind: String, origin: String, sha256: String, bytes: Int
            let fetchedAt: String?
        }
        struct Skipped: Encodable {
            let count: Int
            let records: [Record]
            struct Record: Encodable {
                let index: Int, reason: String
            }
        }
        struct Pages: Encodable {
            let cities: Int, listPages: Int, cityPages: Int, indexShards: Int, favorites: Int
        }
        struct Files: Encodable {
            let written: Int, unchanged: Int, removed: Int, bytesWritten: Int
        }
        struct Places: Encodable {
            let joinedByID: Int, joinedByName: Int, skippedLines: Int, files: [String]
            /// For each language that reads names, how many cities it shows under its own name.
            let namedInLanguage: [String: Int]
            /// For each language, how many places of 15,000 people or more no typo bucket holds.
            let unreachedByTypos: [String: Int]
        }
        struct Step: Encodable {
            let name: String, seconds: Double
        }
        struct HTMLPages: Encodable {
            let fromShapes: Int, throughCmark: Int, shapes: Int, unprovable: Int, checked: Int
        }
        let version = 1
        let status = "ok"
        let output: String
        let source: Source?
        /// With places: how many cities joined a GeoNames row by id and by name, and the lines skipped.
        let places: Places?
        let warnings: [String]
        let skipped: Skipped
        let pages: Pages
        let files: Files
        /// How the HTML pages were made: from compiled shapes or through cmark.
        let htmlPages: HTMLPages?
        let steps: [Step]
        let seconds: Double
    }

    /// The report as JSON (keys sorted; times rounded to milliseconds).
    public func json(output: String) -> String {
        let round = { (seconds: Double) in (seconds * 1000).rounded() / 1000 }
        let report = JSONReport(
            output: output,
            source: source.map {
                JSONReport.Source(kind: $0.kind.rawValue, origin: origin, sha256: $0.sha256, bytes: $0.bytes,
                    fetchedAt: $0.fetchedAt.map { ISO8601DateFormatter().string(from: $0) })
            },
            places: places.map {
                .init(joinedByID: $0.joinedByID, joinedByName: $0.joinedByName, skippedLines: $0.skipped, files: $0.origins, namedInLanguage: namedInLanguage,
                    unreachedByTypos: unreachedByTypos)
            },
            warnings: warnings,
            skipped: .init(count: skippedCount, records: skipped.map { .init(index: $0.index, reason: $0.reason) }),
            pages: .init(cities: cityCount, listPages: listPages, cityPages: cityCount, indexShards: shardCount, favorites: favoriteCount),
            files: .init(written: files.written, unchanged: files.unchanged, removed: files.removed, bytesWritten: files.bytes),
            htmlPages: htmlPages.map {
                .init(fromShapes: $0.fromShapes, throughCmark: $0.throughCmark, shapes: $0.shapes, unprovable: $0.unprovable, checked: $0.checked)
            },
            steps: steps.map { .init(name: $0.name, seconds: round($0.seconds)) },
            seconds: round(steps.reduce(0) { $0 + $1.seconds }))
        return Self.encode(report)
    }

    /// The report of a failed build: `{"version":1,"status":"error","exitCode":…,"message":"…"}`.
    public static func errorJSON(exitCode: Int32, message: String) -> String {
        struct Failure: Encodable {
            let version = 1, status = "error"
            let exitCode: Int32, message: String
        }
        return encode(Failure(exitCode: exitCode, message: message))
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
