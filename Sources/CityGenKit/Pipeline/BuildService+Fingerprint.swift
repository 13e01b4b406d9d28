import Foundation

/// What decides a build's output, as digests: a rebuild with the same fingerprint renders nothing.
extension BuildService {
    /// What decides the output: the basis and the favorites.
    func fingerprint(basis: String) -> String {
        Self.digest([basis, options.favorites.map(\.description).joined(separator: "\n")])
    }

    /// What decides the output but the favorites (docs/design.md, "Check"): source, GeoNames files, `BuildOptions.Shape`,
    /// templates, and the citygen binary itself.
    func basis(of sourceDigest: String, places: LoadedPlaces? = nil, templates: [TemplateSet]) -> String {
        var texts = ["citygen output", sourceDigest, options.shape.canonicalJSON, places?.identity ?? "no places"]
        for set in templates {
            for (name, text) in set.sources.sorted(by: { $0.key < $1.key }) { texts += [name, text] }
        }
        if let identity = Self.binaryIdentity { texts.append(identity) }
        return Self.digest(texts)
    }

    /// The running binary's path, size and modification time: a rebuilt citygen is another citygen.
    private static var binaryIdentity: String? {
        guard let executable = Bundle.main.executableURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path)
        else { return nil }
        return "\(executable.path) \(attributes[.size] ?? "") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
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
