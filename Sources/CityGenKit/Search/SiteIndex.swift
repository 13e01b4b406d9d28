/// A site's search index (SPEC §7), cut once in the plan step: its shards, word shards, manifest and favorites.
struct SiteIndex: Sendable {
    let writer: SearchIndexWriter
    let shards: [SearchIndexWriter.Shard]
    let wordShards: [SearchIndexWriter.Shard]
    let words: WordKeys
    let manifestJSON: String
    /// `search/favorites.json`, which the home page also inlines so that the favorites filter loads nothing.
    let favoritesJSON: String

    init(catalog: CityCatalog, favorites: Set<Int>, layout: SiteLayout, shardSize: Int, placeLabels: PlaceLabels? = nil) {
        let writer = SearchIndexWriter(catalog: catalog, shardSize: shardSize, placeLabels: placeLabels)
        // The two indexes are cut at once, one on each core: each measures every row's JSON.
        let (shards, (words, wordShards)) = Parallel.both({ writer.shards() }) {
            let words = WordKeys(catalog: catalog)
            return (words, writer.wordShards(words))
        }
        self.writer = writer
        self.shards = shards
        self.wordShards = wordShards
        self.words = words
        self.manifestJSON = writer.manifest(shards, words: words, wordShards: wordShards, layout: layout).json
        self.favoritesJSON = writer.favorites(favorites).json
    }
}
