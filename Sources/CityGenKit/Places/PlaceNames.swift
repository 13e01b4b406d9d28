import Foundation

/// The names of places in a site's language (SPEC §1b "Names in a language"): GeoNames' alternate names table read
/// once for the language, its rows in that language kept in the cache as a table of their own (keyed by the table's
/// identity and the language), so that later builds read those few MB instead of the whole table.
enum PlaceNames {
    /// The format of the extracts: a change of what they hold makes a new key.
    private static let extractVersion = "1"

    /// The names in `language` of the places in `wanted` (geonameids), from `input` or its extract in `cache`.
    static func read(_ input: TableInput, language: String, wanted: Set<Int>?, cache: SourceCache, strict: Bool) throws -> AlternateNames {
        guard case .file = input, let extract = try? extractFile(of: input, language: language, in: cache) else {
            return try AlternateNames(input, language: language, wanted: wanted, strict: strict)
        }
        if FileManager.default.fileExists(atPath: extract.path) {
            // An extract that cannot be read is made again; an empty one is a language the table has no names in.
            if (try? FileManager.default.attributesOfItem(atPath: extract.path)[.size] as? Int) == 0 { return AlternateNames(names: [:]) }
            if let names = try? AlternateNames(.file(extract.path), language: language, wanted: wanted, strict: strict) { return names }
        }
        let writer = ExtractWriter(temporary: extract.appendingPathExtension("part"))
        let names = try AlternateNames(input, language: language, wanted: wanted, strict: strict) { writer.append($0) }
        writer.finish(as: extract)
        return names
    }

    /// Where the extract of `input` for `language` is kept.
    private static func extractFile(of input: TableInput, language: String, in cache: SourceCache) throws -> URL {
        let identity = try LoadedPlaces.identity(of: input, role: "names")
        let key = SourceCache.sha256(Data("\(extractVersion)\n\(language)\n\(identity)".utf8))
        return cache.folder.appendingPathComponent("names").appendingPathComponent("\(key.prefix(24))-\(language).txt")
    }

    /// Writes the rows of an extract as they are read, a MiB at a time; a failure to write only loses the extract.
    private final class ExtractWriter: @unchecked Sendable {
        private let temporary: URL
        private var handle: FileHandle?
        private var buffer: [UInt8] = []

        init(temporary: URL) {
            self.temporary = temporary
            try? FileManager.default.createDirectory(at: temporary.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.createFile(atPath: temporary.path, contents: nil) { handle = try? FileHandle(forWritingTo: temporary) }
            buffer.reserveCapacity(1 << 20)
        }

        func append(_ line: UnsafeBufferPointer<UInt8>) {
            guard handle != nil else { return }
            buffer += line
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 20 { flush() }
        }

        private func flush() {
            do {
                try handle?.write(contentsOf: buffer)
            } catch {
                try? handle?.close()
                handle = nil
            }
            buffer.removeAll(keepingCapacity: true)
        }

        /// Puts the extract in place, whole, or nothing.
        func finish(as extract: URL) {
            flush()
            guard let handle else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
            try? handle.close()
            if rename(temporary.path, extract.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
        }
    }
}
