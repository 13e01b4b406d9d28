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

    /// `site` with its templates read again from the templates folder and citygen's own (a template was edited):
    /// the plan is kept, so the next page asked for is rendered with them.
    public func reloadingTemplates(of site: SiteInMemory) throws -> SiteInMemory {
        site.with(templates: try options.languages.map { try TemplateSet(overrides: options.templates, words: options.words(in: $0)) })
    }
}
