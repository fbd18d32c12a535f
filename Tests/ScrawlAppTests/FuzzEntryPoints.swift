// The entry points of `make fuzz`, shared by the libFuzzer harnesses (Fuzz/Harnesses/*.swift,
// compiled together with this file by Fuzz/build.sh) and by `FuzzRegressionTests`, which feeds the
// files of Fuzz/Regressions/<target>/ through the same functions. Each target is one call into one
// public entry point of the product; only public API is used (no @testable), so this file compiles
// against the plain library modules as well.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrawlCore
import ScrawlStorage

public enum FuzzEntryPoints {
    /// The targets by name, as `make fuzz FUZZ_TARGETS=...` and the corpus folders name them.
    public static let all: [String: ([UInt8]) -> Void] = [
        "replay": replay, "document": document, "journal": { _ = journal($0) }, "png": png,
    ]

    /// Replay JSON → `Replay` (strict, and as a recording cut by a kill); `Replay.check` (render's
    /// first pass, which builds no event) must agree: the same header and event count, or the same error.
    public static func replay(_ bytes: [UInt8]) {
        for cut in [false, true] {
            let built = Result { () throws(ReplayError) in try Replay.parse(bytes, allowTruncatedEvents: cut) }
            let checked = Result { () throws(ReplayError) in
                try bytes.withUnsafeBufferPointer { (b) throws(ReplayError) in try Replay.check(b, allowTruncatedEvents: cut) }
            }
            let agree: Bool
            switch (built, checked) {
            case (.success(let replay), .success(let (header, count))):
                agree = count == replay.events.count && header == Replay(version: replay.version, canvas: replay.canvas,
                                                                          seed: replay.seed, stamp: replay.stamp)
            case (.failure(let a), .failure(let b)): agree = a == b
            default: agree = false
            }
            if !agree { fatalError("fuzz: Replay.check disagrees with Replay.parse (cut: \(cut)): \(built) against \(checked)") }
        }
    }

    /// `*.scrawl` bytes → `Document`, its used images decoded by libpng (header budget check first).
    public static func document(_ bytes: [UInt8]) {
        _ = try? Document.decode(bytes)
    }

    /// PNG bytes → `RasterImage`: what `--stamp FILE.png` and a dropped PNG read (`PNGCodec.read`
    /// is this plus reading the file).
    public static func png(_ bytes: [UInt8]) {
        _ = try? PNGCodec.decode(bytes)
    }

    /// An autosave session → `Journal.recover(directory:)`.
    ///
    /// The input is `SNAPSHOT` `\n--journal--\n` `JOURNAL` (no separator: a journal alone). They are
    /// written as `session-fuzz/snapshot-0.scrawl` (when not empty) and `journal-0.log` in a scratch
    /// folder, then the folder is recovered. Journal lines that do not start with a CRC-32 frame
    /// (`xxxxxxxx ` in hex) are framed with their correct CRC first, so mutations reach the records
    /// instead of dying at the checksum; lines that do are written as they are (torn or corrupt
    /// frames). A last line without a newline stays without one (a torn record). Returns the
    /// number of records recovery applied (nil: nothing recovered), for the tests.
    @discardableResult
    public static func journal(_ bytes: [UInt8]) -> Int? {
        let (snapshot, journal) = sessionFiles(bytes)
        let root = scratchFolder
        let session = root + "/session-fuzz"
        removeTree(session)
        guard mkdir(session, 0o700) == 0 else { fatalError("fuzz: cannot create \(session)") }
        if let snapshot { write(snapshot, to: session + "/snapshot-0.scrawl") }
        write(journal, to: session + "/journal-0.log")
        let recovered = Journal.recover(directory: root)
        let records = recovered.map { _ = ($0.drawables.count, $0.displayList.count); return $0.recordsApplied }
        recovered?.release()
        removeTree(session)
        return records
    }

    // MARK: The journal target's input

    static let separator = Array("\n--journal--\n".utf8)

    /// The snapshot file (nil: none) and the journal file for a journal-target input.
    public static func sessionFiles(_ bytes: [UInt8]) -> (snapshot: [UInt8]?, journal: [UInt8]) {
        var snapshot: [UInt8]? = nil
        var rest = bytes[...]
        if let at = firstIndex(of: separator, in: bytes) {
            let head = Array(bytes[..<at])
            snapshot = head.isEmpty ? nil : head
            rest = bytes[(at + separator.count)...]
        }
        var journal: [UInt8] = []
        journal.reserveCapacity(rest.count + 64)
        var start = rest.startIndex
        while start < rest.endIndex {
            let newline = rest[start...].firstIndex(of: 0x0A)
            let line = rest[start..<(newline ?? rest.endIndex)]
            if !isFramed(line) {
                journal += hex8(crc32(line))
                journal.append(0x20)
            }
            journal += line
            guard let newline else { break }
            journal.append(0x0A)
            start = newline + 1
        }
        return (snapshot, journal)
    }

    /// `xxxxxxxx ` (8 hex digits and a space) at the start.
    static func isFramed(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.count >= 9, line[line.startIndex + 8] == 0x20 else { return false }
        return line.prefix(8).allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }
    }

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    static func hex8(_ v: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<8).map { i in digits[Int((v >> (28 - 4 * UInt32(i))) & 0xF)] }
    }

    /// CRC-32 (IEEE, as zlib), the journal's record checksum.
    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    // MARK: Files

    /// A private folder for this process's sessions, made on first use.
    static let scratchFolder: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/scrawl-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("fuzz: cannot create a scratch folder in \(base)") }
        let path = String(cString: made)
        atexit { removeTree(FuzzEntryPoints.scratchFolder) }
        return path
    }()

    static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("fuzz: cannot create \(path)") }
        var done = 0
        bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                guard n > 0 else { fatalError("fuzz: cannot write \(path)") }
                done += n
            }
        }
        close(fd)
    }

    /// Removes `path` and, when it is a folder, what is in it (one level: session folders are flat).
    static func removeTree(_ path: String) {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
