import ScrawlCore

/// The `id` member of drawables in documents, selections and journal snapshots: each drawable's
/// stable identity (`DisplayItem.id`), an integer from 1 to 2^53 (exact in any JSON reader).
enum DrawableIDs {
    /// The largest id written or read (`DisplayList.maxID`).
    static let maxID = DisplayList.maxID

    /// The optional `id` member of the drawable object `value` at `path` (`drawables[3]`).
    static func decode(_ value: JSONValue, path: String) throws(DocumentError) -> UInt64? {
        guard let v = value.objectValue?["id"] else { return nil }
        guard let n = v.numberValue else {
            throw .field(path: "\(path).id", problem: "expected an integer id, found \(v.kindName)")
        }
        guard let id = n.uint64Value, id >= 1, id <= maxID else {
            throw .field(path: "\(path).id", problem: "expected an integer id from 1 to \(maxID), found \(n)")
        }
        return id
    }

    /// Checks that `id` can be written (at most `maxID`, never 0).
    static func check(_ id: UInt64, path: String) throws(DocumentError) {
        guard id >= 1, id <= maxID else {
            throw .field(path: "\(path).id", problem: "the id \(id) is outside 1 to \(maxID)")
        }
    }

    /// Items for `drawables` and their `ids` as read: a drawable without one gets the next number
    /// above the largest (1…n when none has one). Throws for an id two drawables share, naming both.
    static func items(_ drawables: [Drawable], ids: [UInt64?], path: String = "drawables") throws(DocumentError) -> [DisplayItem] {
        var seen: [UInt64: Int] = [:]
        for (i, id) in ids.enumerated() {
            guard let id else { continue }
            if let first = seen.updateValue(i, forKey: id) {
                throw .field(path: "\(path)[\(i)].id", problem: "duplicate id \(id) (\(path)[\(first)] has it too)")
            }
        }
        var next = (seen.keys.max() ?? 0) + 1
        var items: [DisplayItem] = []
        items.reserveCapacity(drawables.count)
        for (i, d) in drawables.enumerated() {
            if let id = ids[i] {
                items.append(DisplayItem(id: id, drawable: d))
                continue
            }
            guard next <= maxID else {
                throw .field(path: "\(path)[\(i)].id", problem: "missing, and no id above \(maxID) is left to give it")
            }
            items.append(DisplayItem(id: next, drawable: d))
            next += 1
        }
        return items
    }

    /// Items numbered 1…n: drawables that never had an id.
    static func numbered(_ drawables: [Drawable]) -> [DisplayItem] {
        drawables.enumerated().map { DisplayItem(id: UInt64($0.offset + 1), drawable: $0.element) }
    }
}
