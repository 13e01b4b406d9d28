import Foundation

/// What `citygen init` writes: a commented `citygen.yml`, and with templates a copy of the defaults to edit.
public enum Scaffold {
    /// The folder the copied templates go into, relative to the config.
    public static let templatesFolder = "templates"
    /// The folder a strings file to translate goes into (`citygen init --strings CODE`).
    public static let stringsFolder = "strings"

    public static func config(withTemplates: Bool) -> String {
        """
        # citygen.yml: settings for `citygen build` in this folder. Flags on the command line win over them.
        # Every key is optional: the values shown are the defaults, except where a line says "example".

        # Where the cities come from: an http(s) URL (downloaded, cached for \(SourceLoader.Defaults.maximumAgeHours) hours), or a .json / .json.gz file.
        source: \(CitySource.defaultURL.absoluteString)

        # The folder the site is written into (relative to this file).
        output: \(BuildOptions.Defaults.output)

        # The site's title (default: the site's language's word for it, World Cities in English). Example:
        # title: World Cities

        # The site's public address; with it, citygen writes sitemap.xml. No default. Example:
        # baseURL: https://cities.example.org/

        # Cities per list page.
        pageSize: \(BuildOptions.Defaults.pageSize)

        # The formats to write: html, markdown, or both.
        formats: [html, markdown]

        # The static host the site is for: github-pages, gitlab-pages, netlify, cloudflare-pages, s3 or folder.
        # It chooses what fits the host (HTML only, the compact site, precompressed files; formats above win) and
        # checks the built site against the host's limits.
        # host: github-pages

        # Compressed copies (NAME.gz, NAME.br) of the HTML, CSS, JS, JSON and XML files, for servers that send them.
        # precompress: [gzip, br]

        # Places from GeoNames (CC BY 4.0) joined to the cities: region, population, elevation, time zone.
        # The geoname table (cities500.zip, cities1000.txt, allCountries.zip, …), the admin-1 codes and the country
        # information, each an http(s) URL (downloaded, cached like the source) or a path; a file not named is
        # looked up beside the table under its published name, and `places: URL-OR-PATH` names the table alone, as
        # --places does. `places: none` builds without them.
        \(placesLines)

        # The site's language (BCP 47): its words, the names of places and countries, numbers and order. citygen
        # ships ar, de, en, es, fr, it, pt and ru; another language needs a file of words (`citygen init --strings
        # CODE` writes one to translate), named under strings. Example:
        # language: es
        # strings:
        #   fr: strings/fr.yml
        language: en

        # A folder whose files replace the default templates of the same name (see its README.md).
        \(withTemplates ? "" : "# ")templates: \(templatesFolder)

        # Favorite cities: ids, or "Name, CC" matched ignoring case and accents. Default: none. Example:
        # favorites:
        #   - 707860            # Gurzuf, UA
        #   - "Córdoba, AR"

        """
    }

    /// `places:` with GeoNames' own files, the default.
    private static var placesLines: String {
        guard case .geoNames(let cities, let admin1, let countries) = PlacesSource.default else { return "places: none" }
        return "places:\n  cities: \(cities)\n  admin1: \(admin1)\n  countries: \(countries)"
    }

    /// Writes the config (and templates) into `folder`, replacing no file unless `force`; returns the paths written.
    @discardableResult
    /// With `strings`, a language code, also `strings/<code>.yml`: the table citygen ships for the language, or the
    /// English one to translate, with the plural forms the language needs.
    public static func write(into folder: URL, withTemplates: Bool, strings: String? = nil, force: Bool) throws -> [String] {
        var files: [(String, Data)] = [(SiteConfig.fileName, Data(config(withTemplates: withTemplates).utf8))]
        if let strings {
            guard let code = SiteLanguage.code(strings) else {
                throw CityGenError.invalidOption(name: "--strings", reason: "must be a language code (BCP 47: fr, pt-BR), not \"\(strings)\"")
            }
            files.append(("\(stringsFolder)/\(code).yml", Data(try Words.tableText(for: code).utf8)))
        }
        if withTemplates {
            let defaults = try TemplateSet.defaultFolder()
            let enumerator = FileManager.default.enumerator(atPath: defaults.path)!
            while let path = enumerator.nextObject() as? String {
                guard enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
                files.append(("\(templatesFolder)/\(path)", try Data(contentsOf: defaults.appendingPathComponent(path))))
            }
        }
        files.sort { $0.0 < $1.0 }
        let existing = files.map(\.0).filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !existing.isEmpty, !force {
            throw CityGenError.outputRefused(
                path: folder.path,
                reason: "refusing to overwrite \(existing.prefix(3).joined(separator: ", "))\(existing.count > 3 ? ", …" : ""); "
                    + "pass --force to replace")
        }
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            } catch {
                throw CityGenError.writeFailed(path: url.path, reason: error.localizedDescription)
            }
        }
        return files.map(\.0)
    }
}
