#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrawlCore

/// A file's modification time and size as a session last saw it (opened or saved it), so recovery
/// can tell whether something else changed the file since.
public struct FileStamp: Hashable, Sendable {
    public var seconds: Int64
    public var nanoseconds: Int64
    /// The size in bytes, -1 when there was no file.
    public var size: Int64

    public init(seconds: Int64, nanoseconds: Int64, size: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.size = size
    }

    /// No file at the path (a new document not saved yet).
    public static let missing = FileStamp(seconds: 0, nanoseconds: 0, size: -1)

    /// The stamp of the file at `path` now (`missing` when nothing is there).
    public static func of(_ path: String) -> FileStamp {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        return FileStamp(seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int64(st.st_mtim.tv_nsec), size: Int64(st.st_size))
    }

    /// Writes `{"mtime": [SECONDS, NANOSECONDS], "size": BYTES}`.
    func write(into w: inout JSONWriter) {
        w.object { w in
            w.key("mtime")
            w.array { w in
                w.integer(seconds)
                w.integer(nanoseconds)
            }
            w.key("size")
            w.integer(size)
        }
    }

    /// The stamp `write(into:)` wrote, or nil when `value` is not one.
    init?(json value: JSONValue) {
        guard let mtime = value["mtime"]?.arrayValue, mtime.count == 2,
              let s = mtime[0].numberValue?.int64Value, let ns = mtime[1].numberValue?.int64Value,
              let size = value["size"]?.numberValue?.int64Value else { return nil }
        self.init(seconds: s, nanoseconds: ns, size: size)
    }
}
