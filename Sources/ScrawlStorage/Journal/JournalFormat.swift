import ScrawlCore

/// The journal file's framing: one record per line, `CCCCCCCC JSON\n`, where `CCCCCCCC` is the
/// CRC-32 (IEEE, as zlib and PNG use) of the JSON bytes in lowercase hex. A record cut short by a
/// crash has no newline or a wrong checksum, so it is recognised and everything before it is kept.
///
/// The first record is the header, `{"journal": "scrawl", "version": 4, "generation": 0,
/// "canvas": {...}, "document": "/path/to/FILE.scrawl"}` (`document` only while the drawing belongs
/// to a file, as it was when the generation began); then `{"op": "document", "path": P}` (the
/// drawing now belongs to file P, or to none when P is null; an optional `"file": {"mtime": [S, NS],
/// "size": N}` is P's modification time and size as the session last opened or saved it, size -1
/// for no file, and the header's `document` may carry the same `file`), `{"op": "exit"}` (the session was
/// closed on purpose at a quit and kept for the next start: a hot exit, not a crash), `{"op": "image", "id": 0, "file": "image-<hash>-<length>.png"}` (an
/// image first used by the next records, stored once in that file of the session folder: see
/// `JournalImageFile`), `{"op": "add", "drawable": {"id": 7, ...}}`, `{"op": "undo"}`,
/// `{"op": "redo"}`, `{"op": "clear"}`, and `{"op": "edit", "removed": [[index, id], ...],
/// "inserted": [[index, {"id": 9, ...}], ...]}` (`DisplayList.Change.edit`, its step with ids),
/// `{"op": "text", ...}` and `{"op": "text-end"}` (the text being typed: `JournalOpenText`).
/// Older journals are still read: version 3 has no `document` and no `exit`, version 2 adds carry no id (the list numbers them), version 1
/// embeds images as `"png": BASE64` instead of `"file"`.
enum JournalFormat {
    static let version = 4

    /// The framed line for `json`.
    static func frame(_ json: [UInt8]) -> [UInt8] {
        var out = hex8(CRC32.checksum(json))
        out.append(0x20)
        out.append(contentsOf: json)
        out.append(0x0A)
        return out
    }

    /// The header record's JSON.
    static func header(generation: Int, canvas: CanvasSpec, document: String?,
                       stamp: FileStamp? = nil) throws(DocumentError) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("journal")
        w.string("scrawl")
        w.key("version")
        w.integer(version)
        w.key("generation")
        w.integer(generation)
        w.key("canvas")
        try DrawableCoding.encode(canvas, into: &w)
        if let document {
            w.key("document")
            w.string(document)
            if let stamp {
                w.key("file")
                stamp.write(into: &w)
            }
        }
        w.endObject()
        return w.bytes
    }

    /// `{"op": "document", "path": P, "file": STAMP}`, P null for none; `file` (the file's stamp
    /// as the session last saw it) only with a path and a stamp.
    static func document(_ path: String?, stamp: FileStamp? = nil) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("op")
            w.string("document")
            w.key("path")
            if let path { w.string(path) } else { w.null() }
            if path != nil, let stamp {
                w.key("file")
                stamp.write(into: &w)
            }
        }
        return w.bytes
    }

    /// A record with nothing but its `op`: `{"op": "undo"}`.
    static func op(_ name: String) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("op")
            w.string(name)
        }
        return w.bytes
    }

    /// The result of splitting a journal file into records.
    struct Split {
        /// The JSON of every intact record, in order.
        var records: [ArraySlice<UInt8>] = []
        /// The file ends in a torn or corrupt record (ignored, with anything after it).
        var torn = false
        /// The damaged line ends the file without its newline: a write the crash cut off (rather
        /// than a line whose frame or checksum is wrong).
        var cutOff = false
    }

    /// The intact records of `bytes`, up to the first damaged one.
    static func split(_ bytes: [UInt8]) -> Split {
        var result = Split()
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                result.torn = true
                result.cutOff = true
                break
            }
            let line = bytes[start..<newline]
            guard line.count > 9, line[line.startIndex + 8] == 0x20,
                  let crc = parseHex8(line.prefix(8)) else {
                result.torn = true
                break
            }
            let json = line.dropFirst(9)
            guard CRC32.checksum(json) == crc else {
                result.torn = true
                break
            }
            result.records.append(json)
            start = newline + 1
        }
        return result
    }

    private static func hex8(_ v: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<8).map { i in digits[Int((v >> (28 - 4 * UInt32(i))) & 0xF)] }
    }

    private static func parseHex8(_ s: ArraySlice<UInt8>) -> UInt32? {
        var v: UInt32 = 0
        for c in s {
            guard let d = JSONReader.hexValue(c) else { return nil }
            v = v << 4 | UInt32(d)
        }
        return v
    }
}
