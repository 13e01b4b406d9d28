import Foundation

/// Everything a build needs to know, after the command line (and later the config file) have been read.
public struct BuildOptions: Sendable {
    public var source: CitySource = .default
    public var output: URL = URL(fileURLWithPath: "Output")
    public var title: String = "World Cities"
    public var pageSize: Int = 100
    public var formats: Set<PageFormat> = [.html, .markdown]
    /// A folder whose template files replace the defaults of the same name.
    public var templates: URL?
    /// Makes any invalid record fatal instead of skipped.
    public var strict = false
    /// Whether a failed download may fall back to the bundled snapshot.
    public var allowsFallback = true

    public init() {}
}
