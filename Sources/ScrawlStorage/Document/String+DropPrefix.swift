import ScrawlCore

extension String {
    /// The string without `prefix` when it starts with it.
    func dropPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
