/// A run of key bindings shown together: one line of `--help`, one row of the README's key table.
/// Its bindings share a group and a topic ("stroke colour"); keys with the same summary (two for
/// redo) form one item.
public struct KeyTableRow: Hashable, Sendable {
    /// One action and every chord bound to it, in table order.
    public struct Item: Hashable, Sendable {
        public var chords: [KeyPress]
        /// The summary without the row's topic.
        public var detail: String
    }

    public var group: KeyGroup
    /// Said once for the row, e.g. "stroke colour"; nil when the items speak for themselves.
    public var topic: String?
    public var items: [Item]

    /// The rows of `bindings`, in order.
    public static func rows(_ bindings: [KeyBinding] = KeyTable.all) -> [KeyTableRow] {
        var rows: [KeyTableRow] = []
        for b in bindings {
            if var last = rows.last, last.group == b.group, last.topic == b.topic {
                if last.items[last.items.count - 1].detail == b.detail {
                    last.items[last.items.count - 1].chords.append(b.chord)
                } else {
                    last.items.append(Item(chords: [b.chord], detail: b.detail))
                }
                rows[rows.count - 1] = last
            } else {
                rows.append(KeyTableRow(group: b.group, topic: b.topic, items: [Item(chords: [b.chord], detail: b.detail)]))
            }
        }
        return rows
    }
}
