extension OutputWriter {
    /// How a build puts its files into the output folder.
    enum Strategy: Sendable {
        /// The new site is built beside the folder, in `next` (`.<name>.citygen-next`), and swapped with it in one
        /// `renameat2(RENAME_EXCHANGE)`: a reader sees the old site or the new one, never a mix.
        case wholeSiteSwitch(next: String)
        /// Each file is written into the folder itself, old or new, never half-written, where a switch is
        /// impossible (`reason`: a mount point, a file system that cannot exchange folders, or a request).
        case inPlace(reason: String)

        /// The folder this build's files go to, for the output folder at `root`.
        func folder(root: String) -> String {
            switch self {
            case .wholeSiteSwitch(let next): next
            case .inPlace: root
            }
        }

        /// Whether every file goes into a new generation of the folder (none is replaced where it is).
        var writesANewGeneration: Bool {
            if case .wholeSiteSwitch = self { true } else { false }
        }
    }
}
