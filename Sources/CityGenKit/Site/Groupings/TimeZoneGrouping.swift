extension Grouping {
    /// With places, time zones: each IANA id the places name, headed by its CLDR name in the site's language, in the
    /// folders of the id's parts (`zone/America/Argentina/Cordoba/`), listing the countries it spans.
    static let timeZone = Grouping(
        name: "timeZone", folder: "zone", words: "zone",
        listed: Listed(grouping: "country", heading: "zone.countries", id: "countries"),
        index: Index(template: PageTemplate("zones"), words: "zones", homeHref: .zonesHref, homeCount: .zoneCount),
        detailLink: .timeZoneHref,
        groups: { input in
            guard let places = input.places else { return [] }
            // Counted first, so that each zone's list has its size: a zone may hold most of the cities.
            var counts = [Int](repeating: 0, count: places.timeZones.count)
            for index in 0..<input.catalog.count { if let zone = places.timeZoneNumber(index) { counts[zone] += 1 } }
            var cities = counts.map { count in
                var list: [Int32] = []
                list.reserveCapacity(count)
                return list
            }
            for index in 0..<input.catalog.count { if let zone = places.timeZoneNumber(index) { cities[zone].append(Int32(index)) } }
            return places.timeZones.enumerated().map { zone, id in
                let name = input.language.timeZoneName(id)
                return Group(id: id, folders: zoneFolders(id), name: name, title: name == id ? id : "\(name) (\(id))", code: id, cities: cities[zone])
            }
        })

    /// The folders of the IANA id `id`: its parts, when each is letters, digits, `_`, `+` or `-` (SPEC §5).
    static func zoneFolders(_ id: String) -> [String]? {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        let safe = parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || [0x5F, 0x2B, 0x2D].contains(byte)
            }
        }
        return safe ? parts.map(String.init) : nil
    }
}
