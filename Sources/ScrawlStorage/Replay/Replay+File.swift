import ScrawlCore

extension Replay {
    /// Reads and parses the replay at `path` (see `parse(_:allowTruncatedEvents:)`); files over
    /// 256 MiB are refused before they are read.
    public static func load(path: String, allowTruncatedEvents: Bool = false) throws(ReplayError) -> Replay {
        try parse(ReplayFileIO.read(path: path), allowTruncatedEvents: allowTruncatedEvents)
    }

    /// Reads the replay at `path`, accepting a recording whose process died mid-event: `truncated`
    /// is true when the file is not complete JSON but ends inside (or just after) the `events`
    /// array, and `replay` then holds the complete events. Any other problem throws the strict error.
    public static func loadRecording(path: String) throws(ReplayError) -> (replay: Replay, truncated: Bool) {
        let bytes = try ReplayFileIO.read(path: path)
        do {
            return (try parse(bytes, allowTruncatedEvents: false), false)
        } catch {
            guard case .invalidJSON = error, let replay = try? parse(bytes, allowTruncatedEvents: true) else { throw error }
            return (replay, true)
        }
    }
}
