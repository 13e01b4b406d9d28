import Foundation

/// The records of a `.zip` (PKWARE APPNOTE 6.3): a local header before each entry, the central directory, and
/// its end, in Zip64 form when there are more than 65,535 entries (a full site has about 430,000).
enum ZipRecords {
    struct Entry {
        let path: [UInt8]
        let crc: UInt32
        let size: Int
        let compressedSize: Int
        /// 0 stored, 8 deflated.
        let method: UInt16
        /// Where the entry's local header starts.
        let offset: Int
        /// Seconds since 1970 (UTC), written as MS-DOS date and time.
        let date: Int
    }

    static func localHeader(_ entry: Entry) -> [UInt8] {
        var out: [UInt8] = []
        out.le32(0x0403_4b50)
        out.le16(20)
        out += fileFields(entry)
        out.le16(0)
        return out + entry.path
    }

    /// The fields both headers of an entry share, in the same order: flags (names are UTF-8), method, MS-DOS
    /// time and date, CRC-32, sizes, and the name's length.
    private static func fileFields(_ entry: Entry) -> [UInt8] {
        var out: [UInt8] = []
        let (time, day) = dosDateTime(entry.date)
        out.le16(0x0800)
        out.le16(entry.method)
        out.le16(time)
        out.le16(day)
        out.le32(entry.crc)
        out.le32(UInt32(entry.compressedSize))
        out.le32(UInt32(entry.size))
        out.le16(UInt16(entry.path.count))
        return out
    }

    static func centralRecord(_ entry: Entry) -> [UInt8] {
        var out: [UInt8] = []
        let far = entry.offset >= 0xFFFF_FFFF
        var extra: [UInt8] = []
        if far {  // Zip64 extended information: the offset only
            extra.le16(0x0001)
            extra.le16(8)
            extra.le64(UInt64(entry.offset))
        }
        out.le32(0x0201_4b50)
        out.le16(0x031E)  // made by Unix, version 3.0: the external attributes hold a Unix mode
        out.le16(far ? 45 : 20)
        out += fileFields(entry)
        out.le16(UInt16(extra.count))
        out.le16(0)  // comment
        out.le16(0)  // disk
        out.le16(0)  // internal attributes
        out.le32(UInt32(0o100644) << 16)
        out.le32(far ? 0xFFFF_FFFF : UInt32(entry.offset))
        return out + entry.path + extra
    }

    /// The end of the central directory, preceded by its Zip64 record and locator where a count or an offset
    /// does not fit the classic fields.
    static func end(entries: Int, directoryOffset: Int, directorySize: Int) -> [UInt8] {
        var out: [UInt8] = []
        let zip64 = entries >= 0xFFFF || directoryOffset >= 0xFFFF_FFFF || directorySize >= 0xFFFF_FFFF
        if zip64 {
            let recordOffset = directoryOffset + directorySize
            out.le32(0x0606_4b50)
            out.le64(44)
            out.le16(0x032D)
            out.le16(45)
            out.le32(0)
            out.le32(0)
            out.le64(UInt64(entries))
            out.le64(UInt64(entries))
            out.le64(UInt64(directorySize))
            out.le64(UInt64(directoryOffset))
            out.le32(0x0706_4b50)
            out.le32(0)
            out.le64(UInt64(recordOffset))
            out.le32(1)
        }
        out.le32(0x0605_4b50)
        out.le16(0)
        out.le16(0)
        out.le16(UInt16(min(entries, 0xFFFF)))
        out.le16(UInt16(min(entries, 0xFFFF)))
        out.le32(UInt32(min(directorySize, 0xFFFF_FFFF)))
        out.le32(UInt32(min(directoryOffset, 0xFFFF_FFFF)))
        out.le16(0)
        return out
    }

    /// MS-DOS time and date fields of `seconds` since 1970, read as UTC (from 1980 on).
    static func dosDateTime(_ seconds: Int) -> (time: UInt16, date: UInt16) {
        var t = time_t(max(seconds, 315_532_800))
        var parts = tm()
        gmtime_r(&t, &parts)
        let time = UInt16(parts.tm_hour) << 11 | UInt16(parts.tm_min) << 5 | UInt16(parts.tm_sec / 2)
        let date = UInt16(parts.tm_year + 1900 - 1980) << 9 | UInt16(parts.tm_mon + 1) << 5 | UInt16(parts.tm_mday)
        return (time, date)
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    fileprivate mutating func le32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) } }
    fileprivate mutating func le64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) } }
}
