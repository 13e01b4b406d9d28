import Foundation

/// What decides a build's output, as digests: a rebuild with the same fingerprint renders nothing.
extension BuildService {
    /// What decides the output: the basis and the favorites.
    func fingerprint(basis: String) -> String {
        Self.digest([basis, options.favorites.map(\.description).joined(separator: "\n")])
    }

    /// What decides the output but the favorites: the source's bytes, every other option that shapes a page, the
    /// templates, and the citygen binary itself (a new version may render differently).
    func basis(of sourceDigest: String, templates: TemplateSet) -> String {
        var texts = [
            "citygen output 1", sourceDigest, options.title, String(options.pageSize), options.formatsInOrder.map(\.rawValue).joined(separator: ","),
            options.baseURL?.absoluteString ?? "", String(options.shardSize), String(options.strict), String(describing: options.layout.cityFolders),
            "map " + options.map.rawValue,
        ]
        // Added only when set, so that a build without precompression keeps the fingerprint it had before.
        if !options.precompress.isEmpty { texts.append("precompress " + options.precompress.map(\.rawValue).joined(separator: ",")) }
        for (name, text) in templates.sources.sorted(by: { $0.key < $1.key }) { texts += [name, text] }
        if let executable = Bundle.main.executableURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path)
        {
            texts.append("\(executable.path) \(attributes[.size] ?? "") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        return Self.digest(texts)
    }

    /// SHA-256 of `texts`, each followed by a zero byte, in hex.
    static func digest(_ texts: [String]) -> String {
        let hash = SHA256Digest()
        for text in texts {
            hash.update(text: text)
            hash.update(bytes: [UInt8(0)])
        }
        return hash.finalizeHex()
    }
}
