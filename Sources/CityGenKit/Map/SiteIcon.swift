import Foundation

/// The site's icon (`favicon.ico`): the globe seen from above the Atlantic, drawn from the bundled geography in the
/// maps' palette, with a place's dot at its centre. The same in every build, so drawn once a process.
enum SiteIcon {
    /// The icon's side in pixels.
    static let size = 32
    /// The point the globe is seen from, and the dot's place: the middle of it.
    static let centre = (latitude: 20.0, longitude: -15.0)

    /// The icon as a PNG image.
    static let png: [UInt8] = PNGEncoder.palette(width: size, height: size, indices: pixels(), palette: MapPalette.colors)

    /// The icon as an ICO file holding the PNG image (Windows Vista's form, which every current browser reads).
    static let ico: [UInt8] = {
        var out: [UInt8] = []
        func little(_ value: Int, bytes: Int) { for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
        little(0, bytes: 2)  // reserved
        little(1, bytes: 2)  // an icon
        little(1, bytes: 2)  // one image
        out += [UInt8(size), UInt8(size), 0, 0]  // width, height, no colour table, reserved
        little(1, bytes: 2)  // colour planes
        little(32, bytes: 2)  // bits a pixel
        little(png.count, bytes: 4)
        little(6 + 16, bytes: 4)  // where the image starts: after this header and its one entry
        return out + png
    }()

    /// The icon for a page that cannot know where the site's root is (`404.html` without a base URL).
    static let dataURL = "data:image/png;base64," + Data(png).base64EncodedString()

    /// The globe in orthographic projection: each pixel land where most of four points in it are (coasts and borders
    /// counted as land), else water; a coast-coloured rim, and a dot in the densest dots' colour ringed by land's.
    static func pixels() -> [UInt8] {
        let world = GeographyCanvas(window: .world(width: 1024), geography: .bundled)
        let ground = world.pixels, width = world.window.width, height = world.window.height
        let radius = Double(size) / 2, φ0 = centre.latitude * .pi / 180, λ0 = centre.longitude * .pi / 180
        func isLand(_ x: Double, _ y: Double) -> Bool {
            let ρ = min(1, (x * x + y * y).squareRoot()), c = asin(ρ)
            guard ρ > 0 else { return false }  // the centre, under the dot
            let φ = asin(cos(c) * sin(φ0) + y * sin(c) * cos(φ0) / ρ)
            let λ = λ0 + atan2(x * sin(c), ρ * cos(c) * cos(φ0) - y * sin(c) * sin(φ0))
            let gx = min(width - 1, max(0, Int((MapWindow.normalized(λ * 180 / .pi) + 180) / 360 * Double(width))))
            let gy = min(height - 1, max(0, Int((90 - φ * 180 / .pi) / 180 * Double(height))))
            return ground[gy * width + gx] != MapPalette.water
        }
        var out = [UInt8](repeating: MapPalette.transparent, count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                let x = (Double(column) + 0.5 - radius) / radius, y = (radius - Double(row) - 0.5) / radius
                let ρ = (x * x + y * y).squareRoot(), pixel = row * size + column
                if ρ > 1 { continue }
                if ρ < 0.25 {
                    out[pixel] = ρ < 0.16 ? MapPalette.firstDot + UInt8(MapPalette.dotLevels - 1) : MapPalette.land
                } else if ρ > 1 - 2 / radius {
                    out[pixel] = MapPalette.coast
                } else {
                    let step = 0.5 / radius
                    let land = [(-step, -step), (step, -step), (-step, step), (step, step)].filter { isLand(x + $0, y + $1) }.count
                    out[pixel] = land >= 2 ? MapPalette.land : MapPalette.water
                }
            }
        }
        return out
    }
}
