import ScrawlCore

extension Replay {
    /// Reads and parses the replay at `path` (see `parse(_:allowTruncatedEvents:)`); files over
    /// 256 MiB are refused before they are read.
    public static func load(path: String, allowTruncatedEvents: Bool = false) throws(ReplayError) -> Replay {
        try parse(ReplayFileIO.read(path: path), allowTruncatedEvents: allowTruncatedEvents)
    }
}
