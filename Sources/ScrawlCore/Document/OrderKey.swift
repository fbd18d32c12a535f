/// Where an item stacks: items draw in ascending key order, bottom first.
///
/// Keys are apart from where the list stores its items, so a follower can place an insertion
/// anywhere in the stack without counting positions, and tell one on top of everything (an
/// append: it may draw straight over what it cached) from one below the top (it must redraw what
/// lies over it). Appends take a key `gap` above the top; an insertion between two items takes keys
/// spread evenly between theirs; when there is no room left between them the list renumbers every
/// key (`spread`), which its feed tells followers to start over from.
public struct OrderKey: Comparable, Hashable, Sendable {
    public var value: UInt64

    public init(_ value: UInt64) { self.value = value }

    public static func < (a: OrderKey, b: OrderKey) -> Bool { a.value < b.value }

    /// The distance between the keys of items appended one after another.
    public static let gap: UInt64 = 1 << 32

    /// Keys for `count` items in order, `gap` apart from `gap` up.
    static func spread(_ count: Int) -> [OrderKey] { (0..<count).map { OrderKey(UInt64($0 + 1) &* gap) } }

    /// `count` keys above `lower` and below `upper` (nil: no item above), evenly apart; nil when
    /// there is no room for them.
    static func between(_ lower: OrderKey?, _ upper: OrderKey?, count: Int) -> [OrderKey]? {
        let low = lower?.value ?? 0, n = UInt64(count)
        guard let upper else {
            guard low <= UInt64.max - gap * n else { return nil }
            return (1...count).map { OrderKey(low + gap * UInt64($0)) }
        }
        guard upper.value > low else { return nil }
        let step = (upper.value - low) / (n + 1)
        guard step > 0 else { return nil }
        return (1...count).map { OrderKey(low + step * UInt64($0)) }
    }
}

extension DisplayList {
    /// Updates `orders` after `items` lost the items at `removed` (indices before) and gained items
    /// at `inserted` (indices after), both ascending: the new items get keys between their
    /// neighbours'. Returns true when that left no room and every key was renumbered.
    mutating func reorder(removed: [Int], inserted: [Int]) -> Bool {
        if removed.count == orders.count {
            orders.removeAll(keepingCapacity: true)
        } else {
            for i in removed.reversed() { orders.remove(at: i) }
        }
        guard !inserted.isEmpty else { return false }
        if inserted.first == orders.count, inserted.last == orders.count + inserted.count - 1 {
            // Appended (the common case): keys above the top, without moving anything.
            if let keys = OrderKey.between(orders.last, nil, count: inserted.count) {
                orders += keys
                return false
            }
        }
        for i in inserted { orders.insert(OrderKey(0), at: i) }
        var k = 0
        while k < inserted.count {
            var end = k
            while end + 1 < inserted.count, inserted[end + 1] == inserted[end] + 1 { end += 1 }
            let first = inserted[k], last = inserted[end]
            let lower = first > 0 ? orders[first - 1] : nil
            let upper = last + 1 < orders.count ? orders[last + 1] : nil
            guard let keys = OrderKey.between(lower, upper, count: end - k + 1) else {
                orders = OrderKey.spread(orders.count)
                return true
            }
            orders.replaceSubrange(first...last, with: keys)
            k = end + 1
        }
        return false
    }

    /// The order key of the item with `id`, if the list shows it (a pass over the list).
    public func order(of id: UInt64) -> OrderKey? {
        items.firstIndex { $0.id == id }.map { orders[$0] }
    }
}
