extension BuildService {
    /// Loads and plans the site as `run` does, and keeps it in memory without touching the output folder
    /// (`citygen serve --watch`).
    public func planInMemory() async throws -> SiteInMemory {
        try options.validate()
        FreedMemory.returnPromptly()
        defer { FreedMemory.release() }
        var run = Run()
        var source = try await load(&run)
        let catalog = try decodeAndSort(&source, &run)
        let files = try plan(catalog, placeFiles: source.places, templates: source.templates, separateLanguages: false, &run)
        return SiteInMemory(files, encodings: options.precompress)
    }

    /// `site` with its templates and words read again (a template or a strings file was edited): nothing is planned
    /// again, so the next page asked for is rendered with them at once.
    public func reloadingWordsAndTemplates(of site: SiteInMemory) throws -> SiteInMemory {
        let words = try options.languages.map { try options.words(in: $0) }
        for warning in words.flatMap(\.warnings) { log("warning: \(warning)") }
        return site.with(words: words, templates: try words.map { try TemplateSet(overrides: options.templates, words: $0) })
    }
}
