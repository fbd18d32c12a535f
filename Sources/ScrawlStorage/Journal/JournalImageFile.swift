#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrawlCore

/// One image of an autosave session, stored once in the session folder as
/// `image-<hash>-<length>.png`: `hash` is the FNV-1a 64 of the PNG bytes in 16 lowercase hex
/// digits, `length` their number. Journal records and snapshots (version 2) name the file instead
/// of embedding the PNG, so they stay small however large the image is.
struct JournalImageFile: Hashable, Sendable {
    /// The largest image file recovery reads (1 GiB); larger images are not journaled.
    static let maxBytes = 1 << 30

    /// The FNV-1a 64 of the PNG bytes.
    let hash: UInt64
    /// The number of PNG bytes.
    let length: Int

    /// The file for `png`.
    init(png: [UInt8]) {
        hash = JournalImageFile.fnv1a(png)
        length = png.count
    }

    /// The file a name denotes, or nil when `name` is not exactly `image-<16 hex>-<digits>.png`
    /// (so a record can never name a path outside the session folder).
    init?(name: String) {
        let bytes = Array(name.utf8)
        guard name.hasPrefix("image-"), name.hasSuffix(".png"), bytes.count > 27, bytes[22] == UInt8(ascii: "-") else {
            return nil
        }
        let hex = bytes[6..<22], digits = bytes[23..<(bytes.count - 4)]
        guard hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ (0x30...0x39).contains($0) }),
              let h = UInt64(String(decoding: hex, as: UTF8.self), radix: 16),
              let n = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        hash = h
        length = n
    }

    /// `image-<hash>-<length>.png`.
    var name: String {
        let hex = String(hash, radix: 16)
        return "image-" + String(repeating: "0", count: 16 - hex.count) + hex + "-\(length).png"
    }

    /// Whether the name is an image file's (for cleaning a session folder).
    static func isImageFile(_ name: String) -> Bool { JournalImageFile(name: name) != nil }

    /// The PNG bytes in `folder`, checked against the name's length and hash. Throws with the
    /// reason when the file is missing, unreadable, larger than `maxBytes` or not what it names.
    func read(in folder: String) throws(DocumentError) -> [UInt8] {
        let path = PosixIO.join(folder, name)
        switch PosixIO.readFile(path, limit: min(length, JournalImageFile.maxBytes)) {
        case .failure(.system(let reason)):
            throw .image(path: name, reason: "cannot be read: \(reason)")
        case .failure(.tooLarge(let size)):
            throw .image(path: name, reason: "the file has \(size) bytes, not \(length)")
        case .success(let bytes):
            guard bytes.count == length else {
                throw .image(path: name, reason: "the file has \(bytes.count) bytes, not \(length)")
            }
            guard JournalImageFile.fnv1a(bytes) == hash else {
                throw .image(path: name, reason: "the file is damaged (its contents do not match its hash)")
            }
            return bytes
        }
    }

    /// Writes `png` (the bytes this file names) atomically into `folder`, unless a file of the
    /// right size is there already.
    func write(_ png: [UInt8], in folder: String) throws(SaveError) {
        let path = PosixIO.join(folder, name)
        var st = stat()
        if stat(path, &st) == 0 && Int64(st.st_size) == Int64(length) { return }
        try AtomicFile.write(png, to: path, mode: 0o600)
    }

    /// FNV-1a, 64 bits.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for b in buffer { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        }
        return h
    }
}
