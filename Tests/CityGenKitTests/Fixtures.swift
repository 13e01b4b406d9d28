import Foundation
import XCTest

@testable import CityGenKit

/// Small data sets the unit tests build themselves.
enum Fixtures {
    /// `../shared` beside the repository: the contract's fold vectors and the real data snapshot.
    static let shared = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared")

    static func json(_ cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)]) -> Data {
        let records = cities.map {
            ["_id": $0.id, "name": $0.name, "country": $0.country, "coord": ["lat": $0.lat, "lon": $0.lon]] as [String: Any]
        }
        return try! JSONSerialization.data(withJSONObject: records, options: [.sortedKeys])
    }

    /// The original challenge's example.
    static let challenge: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Alabama", "US", 32.5, -86.7),
        (2, "Albuquerque", "US", 35.1, -106.6),
        (3, "Anaheim", "US", 33.8, -117.9),
        (4, "Arizona", "US", 34.2, -111.6),
        (5, "Sydney", "AU", -33.9, 151.2),
    ]

    static func catalog(_ cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)]) -> CityCatalog {
        CityCatalog(cities.map { City(id: $0.id, name: $0.name, country: $0.country, latitude: $0.lat, longitude: $0.lon) })
    }

    /// A fresh, empty temporary folder.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension CityCatalog {
    func labels(_ query: String, limit: Int = .max) -> [String] {
        search(query, limit: limit).map { cities[$0].label }
    }
}
