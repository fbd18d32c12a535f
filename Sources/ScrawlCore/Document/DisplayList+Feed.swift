/// The list's change feed: each change published once, for everything that follows the list.
///
/// A follower (the spatial index, the tiles, the autosave journal) remembers the `lineage` and
/// `revision` it last saw and asks for the edits made since (`edits(since:of:)`); nil means it
/// cannot be brought up to date that way (another list, more than `changeLogLimit` edits ago, or
/// past a renumbering of the order keys) and must start over from `entries`. The session's saved
/// state is the `state` it saved at: undoing and redoing back to it is saved again.
extension DisplayList {
    /// Identifies one list's history: copies share it until one of them changes (that one gets a
    /// new lineage). Followers hold it weakly and compare it with `===`.
    public final class Lineage: Sendable {
        init() {}
    }

    /// An item with its stacking order key.
    public struct Entry: Hashable, Sendable {
        public var item: DisplayItem
        public var order: OrderKey

        public init(item: DisplayItem, order: OrderKey) {
            self.item = item
            self.order = order
        }
    }

    /// One change as the list made it: the journal's record of it, the ids it removed, and the
    /// items it inserted with their order keys (an undo removes what its step inserted).
    public struct ListEdit: Sendable {
        public var change: Change
        public var removed: [UInt64]
        public var inserted: [Entry]
    }

    /// The edits made after `revision` of `lineage`, oldest first; empty when up to date, nil when
    /// the feed cannot bring a follower from there (see the type's documentation).
    public func edits(since revision: UInt64, of lineage: Lineage?) -> ArraySlice<ListEdit>? {
        guard lineage === self.lineage else { return nil }
        if revision == self.revision { return [] }
        guard revision < self.revision, revision >= renumberedAt else { return nil }
        let behind = self.revision - revision
        guard behind <= UInt64(feed.count) else { return nil }
        return feed.suffix(Int(behind))
    }

    /// The changes made after `revision`, oldest first, for mirroring the list elsewhere (the
    /// autosave journal, which replays them with `apply(_:)`). Empty when `revision` is current;
    /// nil when it is newer than this list's or older than the last `changeLogLimit` changes (the
    /// caller must then start over from `drawables`).
    public func changes(since revision: UInt64) -> [Change]? {
        if revision == self.revision { return [] }
        guard revision < self.revision else { return nil }
        let behind = self.revision - revision
        guard behind <= UInt64(feed.count) else { return nil }
        return feed.suffix(Int(behind)).map(\.change)
    }

    /// Every item with its order key, bottom first: where a follower starts over.
    public var entries: [Entry] { zip(items, orders).map { Entry(item: $0, order: $1) } }

    /// The list's saved-state mark: the serial of its newest undo step (0 with none). Two states of
    /// one list with the same mark show the same drawing (undo and redo move the mark back and
    /// forth; a new step after an undo gets a serial never used before).
    public var state: UInt64 { undoSerials.last ?? 0 }

    mutating func publish(_ edit: ListEdit) {
        feed.append(edit)
        if feed.count >= 2 * DisplayList.changeLogLimit {
            feed.removeFirst(feed.count - DisplayList.changeLogLimit)
        }
    }
}
