/// A PNG's signature and IHDR chunk, read before anything else: the image's size, and how many bytes
/// its image data inflates to (`rawDataSize`), which bound what decoding may cost.
struct PNGImageHeader: Equatable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The signature and the whole IHDR chunk (length, type, 13 bytes, CRC).
    static let byteCount = 33

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: Int
    let interlaced: Bool

    /// The header at the start of `bytes`: nil unless they start with the signature and an IHDR chunk
    /// of 13 bytes whose fields make a valid image (sides 1 to 2^31 − 1, a depth its colour type
    /// allows, no or Adam7 interlacing). libpng refuses every image this refuses.
    init?(_ bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(29))
        guard b.count == 29, Array(b[0..<8]) == PNGImageHeader.signature,
              Array(b[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8) else { return nil }
        func u32(_ i: Int) -> Int { b[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = u32(16)
        height = u32(20)
        bitDepth = Int(b[24])
        colorType = Int(b[25])
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height),
              allowed[colorType]?.contains(bitDepth) == true, b[26] == 0, b[27] == 0, b[28] <= 1 else { return nil }
        interlaced = b[28] == 1
    }

    /// Samples per pixel of the colour type.
    private var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }

    /// The bytes the image data inflates to: each row (of each Adam7 pass) a filter byte and its
    /// packed samples. Nil when it would not fit an `Int` (never for sides within `PNGCodec.maxSide`).
    var rawDataSize: Int? {
        let bits = channels * bitDepth
        func passBytes(columns: Int, rows: Int) -> Int? {
            guard columns > 0, rows > 0 else { return 0 }
            let (rowBits, over) = columns.multipliedReportingOverflow(by: bits)
            guard !over else { return nil }
            let (total, over2) = (rowBits / 8 + (rowBits % 8 == 0 ? 0 : 1) + 1).multipliedReportingOverflow(by: rows)
            return over2 ? nil : total
        }
        guard interlaced else { return passBytes(columns: width, rows: height) }
        // Adam7: (first column, first row, column step, row step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var total = 0
        for (x0, y0, dx, dy) in passes {
            let columns = (width - x0 + dx - 1) / dx, rows = (height - y0 + dy - 1) / dy
            guard let n = passBytes(columns: columns, rows: rows) else { return nil }
            let (sum, over) = total.addingReportingOverflow(n)
            guard !over else { return nil }
            total = sum
        }
        return total
    }
}
