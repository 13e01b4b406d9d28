// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "citygen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "citygen", targets: ["citygen"]),
        .library(name: "CityGenKit", targets: ["CityGenKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CBrotli",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        .systemLibrary(
            name: "CPng",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        .systemLibrary(
            name: "CZim",
            pkgConfig: "libzim",
            providers: [.apt(["libzim-dev"]), .brew(["libzim"])]
        ),
        // SHA-256 from the system's OpenSSL: a package for it (swift-crypto) would compile all of BoringSSL.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        .systemLibrary(
            name: "CIcu",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // libzim is C++: this target gives citygen the part of it it uses as C functions.
        .target(name: "ZimBridge", dependencies: ["CZim"]),
        // cmark with its allocations in an arena per thread.
        .target(name: "CmarkArena", dependencies: ["CCmark"]),
        // libpng's full writer (its simplified one cannot choose deflate's strategy), with its longjmp kept in C.
        .target(name: "PngWriter", dependencies: ["CPng", "CZlib"]),
        // CLDR's plural rules, index letters and scripts from the system's ICU, under names without its version.
        .target(name: "IcuBridge", dependencies: ["CIcu"]),
        .target(
            name: "CityGenKit",
            dependencies: [
                "CmarkArena",
                "PngWriter",
                "IcuBridge",
                "CZlib",
                "CBrotli",
                "ZimBridge",
                "CArchive",
                "CCrypto",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Resources/Templates"), .copy("Resources/Strings"), .copy("Resources/cities.json.gz"), .copy("Resources/geography.bin"), .copy("Resources/Leaflet")]
        ),
        // Fuzz targets: built normally it replays inputs; `scripts/fuzz` builds it for libFuzzer.
        .executableTarget(name: "citygen-fuzz", dependencies: ["CityGenKit"]),
        .executableTarget(
            name: "citygen",
            dependencies: [
                "CityGenKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        // The tests' oracle for search (independent of the index reader it checks).
        .target(name: "CityGenTestSupport", dependencies: ["CityGenKit"], path: "Tests/CityGenTestSupport"),
        .testTarget(name: "CityGenKitTests", dependencies: ["CityGenKit", "CityGenTestSupport", "CBrotli", "CPng"]),
        .testTarget(name: "CityGenEndToEndTests", dependencies: ["CityGenKit", "CityGenTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
