/// A site's search index (SPEC §7), cut once in the plan step: its shards, word shards, top matches, manifest and
/// favorites.
struct SiteIndex: Sendable {
    let writer: SearchIndexWriter
    let shards: [SearchIndexWriter.Shard]
    let wordShards: [SearchIndexWriter.Shard]
    /// The word index's rows: word keys and, with places, other names.
    let wordRows: WordIndexRows
    /// SPEC §4c's table, with places.
    let top: TopMatches?
    /// The places that typo matches are looked for among, with places.
    let typos: TypoPlaces?
    /// The rows of `top.table` in each of its files.
    let topShards: [Range<Int>]
    let manifestJSON: String
    /// `search/favorites.json`, which the home page also inlines so that the favorites filter loads nothing.
    let favoritesJSON: String

    init(
        catalog: CityCatalog, favorites: Set<Int>, layout: SiteLayout, shardSize: Int, placeLabels: PlaceLabels? = nil, places: Places? = nil,
        language: String? = nil
    ) {
        let writer = SearchIndexWriter(catalog: catalog, shardSize: shardSize, placeLabels: placeLabels, places: places)
        // The two indexes are cut at once, one on each core; the typo places go with the prefix index, the shorter.
        // A typo bucket holds every town its name takes: 8/7 of the shard size, the 32 KiB of SPEC §7 by default.
        let budget = shardSize - IndexShard.framingBytes, bucketBudget = shardSize * 8 / 7 - IndexShard.framingBytes
        let ((shards, typos), (wordRows, wordShards, manyMatches)) = Parallel.both({
            (writer.shards(), places.map { TypoPlaces(places: $0, count: catalog.count, budget: budget, bucketBudget: bucketBudget) { writer.entry($0) } })
        }) {
            let words = WordKeys(catalog: catalog), others = OtherNameKeys(catalog: catalog, places: places)
            let top = places.map { TopMatches(catalog: catalog, words: words, places: $0) }
            let whole = places.map { WholeOtherNames(others, catalog: catalog, words: words, places: $0, table: top!) }
            let wordRows = WordIndexRows(words: words, otherNames: others, ranked: whole?.ranked ?? [])
            return (wordRows, writer.wordShards(wordRows), places.map { _ in (top!, whole!) })
        }
        self.writer = writer
        self.shards = shards
        self.wordRows = wordRows
        self.wordShards = wordShards
        var manifest = writer.manifest(shards, words: wordRows, wordShards: wordShards, layout: layout)
        manifest.language = language
        let top = places.flatMap { places in
            manyMatches?.0.adding(
                FirstPage.mayStop(shardBounds: manifest.shards, wordBounds: manifest.words, exact: manifest.exact),
                catalog: catalog, words: wordRows.words, places: places
            ).ranking(manyMatches!.1, places: places)
        }
        self.top = top
        self.topShards = top.map { writer.topShards($0) } ?? []
        self.typos = typos
        manifest.typos = typos?.manifest(key: writer.key)
        if let top { manifest.top = topShards.map { String(decoding: top.table[$0.lowerBound].query, as: UTF8.self) } }
        self.manifestJSON = manifest.json
        self.favoritesJSON = writer.favorites(favorites).json
    }

    /// The JSON of file `n` of the typo places: the largest places' files, then the buckets.
    func typoJSON(_ n: Int) -> [UInt8] {
        guard let typos else { return [] }
        guard n >= typos.files.count else { return IndexShard.json(rows: typos.files[n]) { writer.entry(typos.cities[$0]).appendJSON(to: &$1) } }
        let bucket = typos.buckets.buckets[n - typos.files.count]
        return IndexShard.json(rows: bucket.cities.indices) { n, out in
            let entry = writer.entry(bucket.cities[n])
            (bucket.regions ? entry : entry.withoutRegionName).appendJSON(to: &out)
        }
    }

    /// The JSON of file `n` of the top matches table.
    func topJSON(_ n: Int) -> [UInt8] {
        guard let top else { return [] }
        return writer.topJSON(top, rows: topShards[n])
    }
}
