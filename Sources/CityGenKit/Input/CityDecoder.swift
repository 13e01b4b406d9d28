import Foundation

/// Turns source bytes into validated cities: JSON syntax (a malformed list names the position), then record rules.
public enum CityDecoder {
    /// Decodes `data` (JSON, or gzip-compressed JSON). Malformed JSON throws `CityGenError.malformedJSON`;
    /// an invalid record is skipped, or thrown when `strict`.
    public static func decode(_ data: Data, sourceName: String, strict: Bool = false) throws -> DecodedCities {
        var json = data
        if Gzip.isCompressed(data) {
            do {
                json = try Gzip.decompress(data)
            } catch {
                throw CityGenError.notACityList(source: sourceName, reason: "\(error)")
            }
        }
        // The one-pass scanner reads what it can decide alone (the real data); the checked path the rest.
        let records = try CityListScanner.records(in: json) ?? checkedRecords(json, sourceName: sourceName)
        return try validate(records, sourceName: sourceName, strict: strict)
    }

    /// The records of `json` read the checked way: a syntax check that locates the first error, then JSONDecoder.
    static func checkedRecords(_ json: Data, sourceName: String) throws -> [SourceRecord] {
        if let syntaxError = JSONSyntax.firstError(in: json) {
            throw CityGenError.malformedJSON(source: sourceName, syntaxError)
        }
        do {
            return try JSONDecoder().decode([SourceRecord].self, from: json)
        } catch DecodingError.typeMismatch {
            throw CityGenError.notACityList(source: sourceName, reason: "expected a JSON array of cities at the top level")
        } catch {
            throw CityGenError.notACityList(source: sourceName, reason: "the JSON could not be decoded (is it UTF-8?)")
        }
    }

    static func validate(_ records: [SourceRecord], sourceName: String, strict: Bool) throws -> DecodedCities {
        var cities: [City] = []
        cities.reserveCapacity(records.count)
        var skipped: [SkippedRecord] = []
        var seen = Set<Int>(minimumCapacity: records.count)
        for (index, record) in records.enumerated() {
            let problem: String?
            switch record.content {
            case .failure(let reason):
                problem = reason.reason
            case .success(let city):
                if seen.insert(city.id).inserted {
                    cities.append(city)
                    problem = nil
                } else {
                    problem = "duplicate _id \(city.id) (the first one is kept)"
                }
            }
            if let problem {
                let record = SkippedRecord(index: index, reason: problem)
                if strict { throw CityGenError.invalidRecord(source: sourceName, record) }
                skipped.append(record)
            }
        }
        return DecodedCities(cities: cities, skipped: skipped)
    }
}
