/// A rendered page, and what an archive or a reader says of it besides its bytes.
struct Page {
    var bytes: [UInt8]
    var metadata: Metadata

    /// What a page is, for a reader that lists, titles and indexes pages (a `.zim`).
    struct Metadata: Sendable, Equatable {
        /// What the page is called without the site's name (`London, GB`); the home page's is the site's title.
        var title: String
        /// The page's meta description.
        var description: String
        /// Its language, ISO 639-3 (`eng`).
        var language: String
        var role: Role
    }

    /// What part a page plays in the site.
    enum Role: Sendable, Equatable {
        /// A page a reader opens and finds by its title.
        case article
        /// The page a reader opens first: the home page.
        case main
        /// Served for any missing path; no article.
        case notFound
        /// A file that pages load, no page of its own (a compact site's data files).
        case data
    }
}
