import Foundation

/// The part of the globe a map shows, equirectangular (so a marker is placed by two percentages), and its image
/// size: longitudes from `west` eastwards over `span` degrees (past 180 across the antimeridian), `north` to `south`.
public struct MapWindow: Sendable, Equatable {
    public let west: Double
    public let span: Double
    public let south: Double
    public let north: Double
    public let width: Int
    public let height: Int

    /// The whole world, 2 pixels wide for each pixel high.
    public static func world(width: Int) -> MapWindow {
        MapWindow(west: -180, span: 360, south: -90, north: 90, width: width, height: width / 2)
    }

    /// The window of a country (docs/design.md, "A country's window"): padded, at least `minimumSpan` degrees each
    /// way and no narrower than 1:2 either way; the image's longer side is `size` pixels.
    public static func fitted(to places: [(latitude: Double, longitude: Double)], size: Int, minimumSpan: Double = 1) -> MapWindow {
        precondition(!places.isEmpty, "a map shows at least one place")
        let (west, lonSpan) = shortestInterval(places.map(\.longitude))
        let south = places.map(\.latitude).min()!, north = places.map(\.latitude).max()!
        let middle = (south + north) / 2
        let squeeze = max(0.2, cos(middle * .pi / 180))
        // Spans in degrees of latitude, so that the two can be compared and padded alike.
        var across = max(lonSpan, minimumSpan) * squeeze, down = max(north - south, minimumSpan)
        across *= 1 + 2 * padding
        down *= 1 + 2 * padding
        across = max(across, down / 2)
        down = max(down, across / 2)
        let span = min(360, across / squeeze)
        let latSpan = min(180, down)
        let top = min(90, max(-90 + latSpan, middle + latSpan / 2))
        let width = across >= down ? size : max(1, Int((Double(size) * across / down).rounded()))
        let height = across >= down ? max(1, Int((Double(size) * down / across).rounded())) : size
        return MapWindow(
            west: normalized(west + lonSpan / 2 - span / 2), span: span, south: top - latSpan, north: top, width: width, height: height)
    }

    /// How much a fitted window adds on each side, as a share of its span.
    static let padding = 0.08

    /// The shortest interval of the circle of longitudes that holds every one of `longitudes` (−180 ≤ west < 180).
    static func shortestInterval(_ longitudes: [Double]) -> (west: Double, span: Double) {
        let sorted = longitudes.map(normalized).sorted()
        // The gap from the easternmost back round to the westernmost, across the antimeridian.
        var gap = sorted[0] + 360 - sorted[sorted.count - 1], west = sorted[0]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gap {
            gap = b - a
            west = b
        }
        return (west, 360 - gap)
    }

    /// `longitude` in [−180, 180).
    static func normalized(_ longitude: Double) -> Double {
        let turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }

    /// Where a place lies on the map, as fractions of the width (from the left) and the height (from the top),
    /// each in [0, 1] for a place inside the window.
    public func position(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        var east = longitude - west
        east -= 360 * (east / 360).rounded(.down)
        // A place just west of the window (inside the padding of a 360° one) is not wrapped to its far side.
        if east > span, east - 360 > -span { east -= 360 }
        return (east / span, (north - latitude) / (north - south))
    }

    /// The pixel a place falls on, clamped to the image.
    func pixel(latitude: Double, longitude: Double) -> (x: Int, y: Int) {
        let (x, y) = position(latitude: latitude, longitude: longitude)
        return (min(width - 1, max(0, Int((x * Double(width)).rounded(.down)))), min(height - 1, max(0, Int((y * Double(height)).rounded(.down)))))
    }
}
