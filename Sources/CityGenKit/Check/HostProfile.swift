/// A static host citygen can build for (`--host`, `host:` in `citygen.yml`): its published limits and the
/// build choices that fit it. The figures are the hosts' own documented limits (README, "Hosting presets").
public enum HostProfile: String, Sendable, CaseIterable {
    case githubPages = "github-pages"
    case gitlabPages = "gitlab-pages"
    case netlify
    case cloudflarePages = "cloudflare-pages"
    case s3
    case folder
    /// One `.zim` file for Kiwix (`--archive NAME.zim`), read offline.
    case kiwix

    /// A limit of a host; nil fields are limits the host does not have.
    public struct Limits: Sendable, Equatable {
        /// Files in the whole site.
        public var files: Int?
        /// Files and folders in the whole site.
        public var entries: Int?
        /// Entries (files and folders) directly in any one folder.
        public var folderEntries: Int?
        /// Bytes of the whole site, as published.
        public var bytes: Int?
        /// Bytes of the site as one `.tar`, the archive that uploads it.
        public var tarBytes: Int?
        /// Bytes of any one file.
        public var fileBytes: Int?
    }

    public var limits: Limits {
        switch self {
        // GitHub Pages publishes sites up to 1 GB from a `.tar` artifact of up to 10 GB (it recommends 1 GB, for
        // the 10-minute deploy; the artifact travels compressed). GitLab counts the files it publishes.
        case .githubPages: Limits(bytes: 1_000_000_000, tarBytes: 10_000_000_000)
        case .gitlabPages: Limits(entries: 200_000, bytes: 1_000_000_000)
        case .netlify: Limits(folderEntries: 54_000)
        case .cloudflarePages: Limits(files: 20_000, fileBytes: 25 * 1024 * 1024)
        case .s3, .folder, .kiwix: Limits()
        }
    }

    /// The page formats a build for this host writes: only HTML is served by hosts; a folder keeps both.
    public var formats: Set<PageFormat> { self == .folder ? [.html, .markdown] : [.html] }

    /// What detail pages show of the OpenStreetMap viewer: a ZIM file holds nothing of another host, so Kiwix gets
    /// the locator maps and the button that loads the viewer only when asked; GitHub Pages gets none, whose link (190
    /// bytes a page) would take a site with every city joined past its 1 GB, where the map to explore zooms offline
    /// and `#osmLink` still leads to OpenStreetMap; other hosts get the default.
    public var map: MapMode? {
        switch self {
        case .kiwix: .locator
        case .githubPages: MapMode.none
        default: nil
        }
    }

    /// The precompressed files the host serves by itself: `.gz` on GitLab Pages (docs/design.md, "Prepare output
    /// and write"); the others compress on the fly and ignore them.
    public var precompress: [ContentEncoding] { self == .gitlabPages ? [.gzip] : [] }

    /// The groupings a host writes unless `groupings:` names them: not the time zones where their pages (every city
    /// once more, some 2,100 pages) would pass a limit: GitHub's and GitLab's 1 GB, Cloudflare's 20,000 files.
    public var groupings: [String]? { [.githubPages, .gitlabPages, .cloudflarePages].contains(self) ? ["country", "region"] : nil }

    /// Hosts that take few files get the compact site: no file per city, one `city.html` that shows any of them.
    public var cityFolders: SiteLayout.CityFolders {
        [.gitlabPages, .cloudflarePages].contains(self) ? .compact : .remainder(1000)
    }

    /// The host's name as people write it.
    public var displayName: String {
        switch self {
        case .githubPages: "GitHub Pages"
        case .gitlabPages: "GitLab.com Pages"
        case .netlify: "Netlify"
        case .cloudflarePages: "Cloudflare Pages (Free)"
        case .s3: "an S3-style bucket"
        case .folder: "a folder"
        case .kiwix: "Kiwix (a .zim file)"
        }
    }

    /// The `--host` choices, for help texts and errors.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The profile named `name`, or `CityGenError.invalidOption` naming the choices.
    public static func named(_ name: String, option: String = "--host") throws -> HostProfile {
        guard let host = HostProfile(rawValue: name) else {
            throw CityGenError.invalidOption(name: option, reason: "unknown host \"\(name)\" (choose one of \(choices))")
        }
        return host
    }
}
