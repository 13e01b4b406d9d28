/// Writes the sharded prefix index of SPEC §7 (format in docs/formats.md, "The search index"; the cuts and
/// bounds in docs/design.md, "The search index").
public struct SearchIndexWriter: Sendable {
    public let catalog: CityCatalog
    public let shardSize: Int
    /// The regions that tell look-alikes apart, when the site has places.
    let placeLabels: PlaceLabels?
    /// The populations of the shards' entries, when the site has places.
    let places: Places?

    public init(catalog: CityCatalog, shardSize: Int = BuildOptions.Defaults.shardSize) {
        self.init(catalog: catalog, shardSize: shardSize, placeLabels: nil, places: nil)
    }

    init(catalog: CityCatalog, shardSize: Int, placeLabels: PlaceLabels?, places: Places?) {
        self.catalog = catalog
        self.shardSize = shardSize
        self.placeLabels = placeLabels
        self.places = places
    }

    /// One shard: a run of rows (cities, or word keys), its JSON made only when it is written (`json`, `wordJSON`).
    public struct Shard: Sendable {
        public let range: Range<Int>
    }

    /// The key of the city at `index`.
    func key(_ index: Int) -> [UInt8] {
        SearchKey.index(name: catalog.foldedNames[index], country: catalog.foldedCountries[index])
    }

    /// The index row of the city at `index`, with its population.
    func entry(_ index: Int) -> IndexEntry {
        row(index, key: key(index), population: places?.population(index))
    }

    /// The city at `index` as a page and the favorites index hold it: without the population, which only search
    /// ranks by, and without its region's name unless `withRegion`.
    func pageEntry(_ index: Int, withRegion: Bool) -> IndexEntry {
        let entry = row(index, key: key(index), population: nil)
        return withRegion ? entry : entry.withoutRegionName
    }

    private func row(_ index: Int, key: [UInt8], population: Int?, otherName: String? = nil, writesKey: Bool = false) -> IndexEntry {
        let city = catalog.cities[index]
        return IndexEntry(
            id: city.id, name: city.name, country: city.country, latitude: city.latitude, longitude: city.longitude, key: key,
            distinction: catalog.distinctions[index], region: placeLabels?.regionName(index),
            regionTellsApart: placeLabels?.showsRegion(index) ?? false, population: population, otherName: otherName, writesKey: writesKey)
    }

    /// The shards of the prefix index, in order. A run of equal keys larger than `shardSize` makes one larger shard.
    public func shards() -> [Shard] {
        Self.shards(count: catalog.count, budget: shardSize - IndexShard.framingBytes, key: key) { entry($0) }
    }

    /// The JSON of a prefix shard.
    public func json(_ shard: Shard) -> [UInt8] {
        IndexShard.json(rows: shard.range) { entry($0).appendJSON(to: &$1) }
    }

    /// The largest word shard: half a prefix shard, so that a first page that reads two of them stays within a first
    /// query's 80 KiB (`FirstPage`).
    var wordShardSize: Int { shardSize / 2 }

    /// The shards of the word index (SPEC §4b, and §4c's other names). A key shared by many cities (`county us`) may
    /// span shards, so that every shard keeps to the size bound.
    func wordShards(_ rows: WordIndexRows) -> [Shard] {
        Self.shards(count: rows.count, budget: wordShardSize - IndexShard.framingBytes, key: rows.key, splitRuns: true) { wordEntry(rows, $0) }
    }

    /// The JSON of a word shard.
    func wordJSON(_ shard: Shard, _ rows: WordIndexRows) -> [UInt8] {
        IndexShard.json(rows: shard.range) { wordEntry(rows, $0).appendJSON(to: &$1) }
    }

    /// Row `row` of the word index.
    private func wordEntry(_ rows: WordIndexRows, _ row: Int) -> IndexEntry {
        let index = rows.city(row)
        guard let otherName = rows.otherName(row) else {
            return self.row(index, key: rows.key(row), population: places?.population(index), writesKey: true)
        }
        return self.row(index, key: rows.key(row), population: rows.ranksOtherName(row) ? places?.population(index) : nil, otherName: otherName)
    }

    /// The files of the top matches table (SPEC §4c), each at most an eighth of `shardSize`: a first query may load one.
    func topShards(_ top: TopMatches) -> [Range<Int>] {
        let budget = shardSize / 8 - TopShard.framingBytes
        var shards: [Range<Int>] = []
        var start = 0, bytes = 0
        var row: [UInt8] = []
        for i in top.table.indices {
            row.removeAll(keepingCapacity: true)
            appendTopRow(top.table[i], to: &row)
            if i > start, bytes + row.count + 1 > budget {
                shards.append(start..<i)
                (start, bytes) = (i, 0)
            }
            bytes += row.count + 1
        }
        if start < top.table.count { shards.append(start..<top.table.count) }
        return shards
    }

    /// The JSON of the top matches file of `rows`: `{"version":5,"top":[["query",[entry,…]],…]}`.
    func topJSON(_ top: TopMatches, rows: Range<Int>) -> [UInt8] {
        var json = Array("{\"version\":\(IndexManifest.formatVersion),\"top\":[".utf8)
        for row in rows {
            if row != rows.lowerBound { json.append(UInt8(ascii: ",")) }
            appendTopRow(top.table[row], to: &json)
        }
        json += "]}\n".utf8
        return json
    }

    private func appendTopRow(_ row: (query: [UInt8], cities: [Int]), to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        row.query.withUnsafeBufferPointer { JSONText.appendQuoted($0, to: &out) }
        out += ",[".utf8
        for (n, city) in row.cities.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            entry(city).appendJSON(to: &out)
        }
        out += "]]".utf8
    }

    /// Rows `0..<count` cut into shards of at most `budget` bytes of entries (docs/design.md, "The search index"); a
    /// run of equal keys is split only with `splitRuns` (else a run larger than `budget` makes one larger shard).
    static func shards(count: Int, budget: Int, key: (Int) -> [UInt8], splitRuns: Bool = false, entry: (Int) -> IndexEntry) -> [Shard] {
        var shards: [Shard] = [], start = 0, bytes = 0, index = 0, previousKey: [UInt8] = []
        var row: [UInt8] = []  // one row's JSON at a time, to count its bytes
        func rowBytes(_ i: Int) -> Int {
            row.removeAll(keepingCapacity: true)
            entry(i).appendJSON(to: &row)
            return row.count + 1
        }
        /// The runs that start in the current shard after its first one: where, the bytes before, the bytes shared.
        var cuts: [(index: Int, bytes: Int, common: Int)] = []
        while index < count {
            // The run of rows with this key: they go into one shard together when they fit in one.
            let runKey = key(index)
            var end = index + 1
            while end < count, key(end) == runKey { end += 1 }
            let runBytes = (index..<end).reduce(0) { $0 + rowBytes($1) }
            let common = zip(previousKey, runKey).prefix { $0 == $1 }.count
            // Keys with the same first two characters that fit in two shards start one, not to spread over three.
            if splitRuns, index > start, Self.firstTwoCharacters(runKey) != Self.firstTwoCharacters(previousKey),
                let pairBytes = Self.bytesOfPair(from: end, runBytes: runBytes, upTo: 2 * budget, count: count, key: key, rowBytes: rowBytes),
                bytes + pairBytes > budget + budget / 8 * 7
            {
                shards.append(Shard(range: start..<index))
                (start, bytes, cuts) = (index, 0, [])
            }
            if index > start, bytes + runBytes > budget {
                let here = (index: index, bytes: bytes, common: common)
                let cut = (cuts + [here]).filter { $0.bytes >= budget / 8 * 7 }
                    .min { $0.common != $1.common ? $0.common < $1.common : $0.index > $1.index } ?? here
                shards.append(Shard(range: start..<cut.index))
                (start, bytes, cuts) = (cut.index, 0, [])
                if cut.index < index {  // the rows after the cut are measured again, into the next shard
                    index = cut.index
                    previousKey = runKey
                    continue
                }
            } else if index > start {
                cuts.append((index, bytes, common))
            }
            previousKey = runKey
            if splitRuns, runBytes > budget {
                // A run too large for one shard starts a shard and fills as many as it needs.
                for i in index..<end {
                    let size = rowBytes(i)
                    if i > start, bytes + size > budget {
                        shards.append(Shard(range: start..<i))
                        (start, bytes, cuts) = (i, 0, [])
                    }
                    bytes += size
                }
            } else {
                bytes += runBytes
            }
            index = end
        }
        if start < count || shards.isEmpty { shards.append(Shard(range: start..<count)) }
        return shards
    }

    /// The bytes of the rows from the run ending before `end` on that share its first two characters; nil past `limit`.
    private static func bytesOfPair(
        from end: Int, runBytes: Int, upTo limit: Int, count: Int, key: (Int) -> [UInt8], rowBytes: (Int) -> Int
    ) -> Int? {
        let pair = firstTwoCharacters(key(end - 1))
        var pairEnd = end, pairBytes = runBytes
        while pairEnd < count, pairBytes <= limit, firstTwoCharacters(key(pairEnd)) == pair {
            pairBytes += rowBytes(pairEnd)
            pairEnd += 1
        }
        return pairBytes <= limit ? pairBytes : nil
    }

    /// The bytes of the first two characters of `key` (all of it when shorter).
    private static func firstTwoCharacters(_ key: [UInt8]) -> ArraySlice<UInt8> {
        guard !key.isEmpty else { return key[...] }
        let first = ByteString.characterLength(key, at: 0)
        guard first < key.count else { return key[...] }
        return key[..<(first + ByteString.characterLength(key, at: first))]
    }

    /// Each shard's lower bound: the shortest prefix of its first key above the previous shard's last key; the whole
    /// key for every shard of a run that spans shards, so that a reader finds the run's first shard first.
    static func bounds(_ shards: [Shard], key: (Int) -> [UInt8]) -> [String] {
        shards.enumerated().map { n, shard -> String in
            guard !shard.range.isEmpty else { return "" }
            let first = key(shard.range.lowerBound)
            if n + 1 < shards.count, !shards[n + 1].range.isEmpty, key(shards[n + 1].range.lowerBound) == first {
                return String(decoding: first, as: UTF8.self)
            }
            guard n > 0 else { return "" }
            return String(decoding: separator(after: key(shard.range.lowerBound - 1), upTo: first), as: UTF8.self)
        }
    }

    /// The manifest for `shards` and `wordShards`, with the layout's URL patterns for the browser.
    func manifest(_ shards: [Shard], words: WordIndexRows, wordShards: [Shard], layout: SiteLayout) -> IndexManifest {
        let countries = catalog.foldedCountries.distinct.sorted { ByteString.compare($0, $1) < 0 }
        let bounds = Self.bounds(shards, key: key)
        // Cities whose name folds to nothing, listed here, spare the first shard's load to queries like a country code.
        var manifest = IndexManifest(
            count: catalog.count, countries: countries.map { String(decoding: $0, as: UTF8.self) },
            unnamed: catalog.exactNameRange([], countryPrefix: []).map { entry($0) }, urls: layout.urlTemplates,
            exact: exactNames(below: bounds), shards: bounds, words: Self.bounds(wordShards, key: words.key))
        for code in catalog.countryCodes where SiteLayout.countryFolder(code) != code {
            manifest.folders[code] = SiteLayout.countryFolder(code)
        }
        return manifest
    }

    /// `IndexManifest.exact`: each name W a bound starts with before a space or the tab, with the folded countries
    /// of the cities named exactly W.
    private func exactNames(below bounds: [String]) -> [String: [String]] {
        var names = Set<[UInt8]>()
        for bound in bounds {
            let bytes = Array(bound.utf8)
            let nameEnd = bytes.firstIndex(of: SearchKey.separator) ?? bytes.count
            for (offset, byte) in bytes[..<nameEnd].enumerated() where byte == 0x20 { names.insert(Array(bytes[..<offset])) }
            if nameEnd < bytes.count { names.insert(Array(bytes[..<nameEnd])) }
        }
        var exact: [String: [String]] = [:]
        for name in names {
            let countries = Set(catalog.exactNameRange(name, countryPrefix: []).map { catalog.foldedCountries[$0] })
            exact[String(decoding: name, as: UTF8.self)] = countries.sorted { ByteString.compare($0, $1) < 0 }.map { String(decoding: $0, as: UTF8.self) }
        }
        return exact
    }

    /// The favorites (catalog indices) as index entries, in list order.
    func favorites(_ indices: Set<Int>) -> FavoritesIndex {
        FavoritesIndex(favorites: indices.sorted().map { pageEntry($0, withRegion: true) })
    }

    /// The shortest prefix of `next` greater than `previous` (less than `next`), cut at a character boundary.
    static func separator(after previous: [UInt8], upTo next: [UInt8]) -> [UInt8] {
        var common = 0
        while common < previous.count, common < next.count, previous[common] == next[common] { common += 1 }
        var end = min(next.count, common + 1)
        while end < next.count, next[end] & 0xC0 == 0x80 { end += 1 }  // finish the UTF-8 sequence
        return Array(next[..<end])
    }

    /// The script twin of a JSON file, for pages opened from `file://`: `citygenIndex(<name>, <json>);`.
    public static func script(name: String, json: [UInt8]) -> [UInt8] {
        var script = Array("citygenIndex(".utf8)
        script.reserveCapacity(json.count + name.utf8.count + 24)
        JSONText.appendQuoted(name, to: &script)
        script.append(UInt8(ascii: ","))
        script += json.last == UInt8(ascii: "\n") ? json.dropLast() : json[...]
        script += ");\n".utf8
        return script
    }
}
