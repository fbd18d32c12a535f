import Foundation

/// The layers panel's state and layout (window points): the drawing's layers listed top to bottom,
/// each row with an eye (shown or hidden), a lock, its name and its opacity, and a row of buttons
/// (new layer, delete, up, down, merge down) under them. The window draws it and feeds it clicks;
/// what a click asks for comes back as `LayerEvent`s, so each action is the editor's one undo step.
///
/// The panel shows the layers it was last synced with (`sync`): the window syncs it with the
/// editor before each input and each frame. It is at most `maxHeight` high: with more rows than
/// fit, it shows as many as fit and scrolls (`scroll(by:)`, the wheel over it), keeping the current
/// layer's row in view when the current layer changes.
public struct LayerPanel: Hashable, Sendable {
    /// The panel's top-left corner in window points.
    public var origin: Point
    /// The layers, bottom to top (as `DisplayList.layers`), and where the current one is.
    public private(set) var layers: [Layer]
    public private(set) var current: Int
    /// The name being typed (a double-click on a name starts it): the layer's position and the text.
    public var renaming: (position: Int, text: String)? { renameState.map { ($0.position, $0.text) } }
    private var renameState: RenameState?
    /// The last click on a name (its position and when, in seconds), for the double-click.
    private var lastNameClick: NameClick?
    /// The most the panel may be high (the window gives the room below its origin); a change
    /// brings the current layer's row into view.
    public var maxHeight = Double.infinity {
        didSet { if maxHeight != oldValue { scrollToCurrent() } }
    }
    /// Rows scrolled off above the first shown one (as asked: `firstRow` keeps it in range).
    private var scrolled = 0

    private struct RenameState: Hashable, Sendable { var position: Int; var text: String }
    private struct NameClick: Hashable, Sendable { var position: Int; var time: Double }

    /// The parts a click can land on; a row's parts carry the layer's position (0 is the bottom).
    public enum Part: Hashable, Sendable {
        case eye(Int), lock(Int), name(Int), opacity(Int)
        case button(Button)
        /// Anywhere else on the panel (its title, the gaps).
        case panel
    }

    /// The buttons under the rows, left to right.
    public enum Button: String, CaseIterable, Hashable, Sendable {
        case add, delete, up, down, mergeDown

        /// The word on the button.
        public var title: String {
            switch self {
            case .add: return "New"
            case .delete: return "Delete"
            case .up: return "Up"
            case .down: return "Down"
            case .mergeDown: return "Merge"
            }
        }

        /// The operation on the current layer it asks for.
        public var event: LayerEvent {
            switch self {
            case .add: return .add(name: nil)
            case .delete: return .delete
            case .up: return .move(1)
            case .down: return .move(-1)
            case .mergeDown: return .mergeDown
            }
        }
    }

    /// The panel's width, a row's height, the title's and the buttons' heights, the padding.
    public static let width = 250.0, rowHeight = 26.0, titleHeight = 24.0, buttonHeight = 26.0, pad = 6.0
    /// Two clicks on one name within this many seconds are a double-click (it starts the rename).
    public static let doubleClickTime = 0.5

    public init(origin: Point, layers: [Layer], current: Int) {
        self.origin = origin
        self.layers = layers.isEmpty ? [.initial] : layers
        self.current = 0
        sync(layers: layers, current: current)
    }

    /// Shows `layers` (bottom to top) with the one at `current` current. A rename in progress ends
    /// when its layer is gone.
    public mutating func sync(layers: [Layer], current: Int) {
        let before = (self.current, self.layers.count)
        if !layers.isEmpty { self.layers = layers }
        self.current = min(max(0, current), self.layers.count - 1)
        if let r = renameState, r.position >= self.layers.count { renameState = nil }
        if (self.current, self.layers.count) != before { scrollToCurrent() }
    }

    // MARK: Scrolling

    /// How many rows show: all of them, or as many as `maxHeight` leaves room for (at least one).
    public var shownRowCount: Int {
        let room = (maxHeight - Self.titleHeight - Self.buttonHeight - 2 * Self.pad) / Self.rowHeight
        guard room.isFinite else { return layers.count }
        return min(layers.count, max(1, Int(room.rounded(.down))))
    }
    /// The rows scrolled off above the first shown one (0: the top layer's row is the first).
    public var firstRow: Int { min(max(0, scrolled), layers.count - shownRowCount) }
    /// Whether some rows do not show.
    public var scrolls: Bool { shownRowCount < layers.count }
    /// The positions of the layers whose rows show, top first.
    public var shownPositions: [Int] {
        let top = layers.count - 1 - firstRow
        return Array(stride(from: top, to: top - shownRowCount, by: -1))
    }
    /// Whether the row of the layer at `position` shows.
    public func showsRow(_ position: Int) -> Bool { shownPositions.contains(position) }

    /// Scrolls `rows` rows down the list (negative: up), as far as it goes; false when it did not move.
    @discardableResult
    public mutating func scroll(by rows: Int) -> Bool {
        let before = firstRow
        scrolled = min(max(0, before + rows), layers.count - shownRowCount)
        return firstRow != before
    }

    /// Scrolls as little as brings the current layer's row into view.
    private mutating func scrollToCurrent() {
        let row = layers.count - 1 - current, first = firstRow
        if row < first { scrolled = row } else if row >= first + shownRowCount { scrolled = row - shownRowCount + 1 } else { scrolled = first }
    }

    /// The scroll bar's thumb in the panel's right margin beside the rows: where the shown rows lie
    /// in the list (nil when every row shows).
    public var scrollThumb: Rect? {
        guard scrolls else { return nil }
        let track = Rect(x: origin.x + Self.width - Self.pad + 1, y: titleRect.maxY, width: Self.pad - 3, height: Double(shownRowCount) * Self.rowHeight)
        let n = Double(layers.count)
        return Rect(x: track.minX, y: track.minY + track.height * Double(firstRow) / n, width: track.width,
                    height: track.height * Double(shownRowCount) / n)
    }

    // MARK: Layout

    public var panel: Rect {
        Rect(x: origin.x, y: origin.y, width: Self.width,
             height: Self.titleHeight + Double(shownRowCount) * Self.rowHeight + Self.buttonHeight + 2 * Self.pad)
    }
    /// The title ("Layers") across the panel's top.
    public var titleRect: Rect { Rect(x: origin.x + Self.pad, y: origin.y + Self.pad, width: Self.width - 2 * Self.pad, height: Self.titleHeight) }

    /// The row of the layer at `position` (0 is the bottom, drawn last: the top layer is the first
    /// row), scrolled by `firstRow` (a row that does not show lies above or below the shown ones).
    public func rowRect(_ position: Int) -> Rect {
        let row = Double(layers.count - 1 - position - firstRow)
        return Rect(x: origin.x + Self.pad, y: titleRect.maxY + row * Self.rowHeight, width: Self.width - 2 * Self.pad, height: Self.rowHeight)
    }
    public func eyeRect(_ position: Int) -> Rect { cell(position, x: 2, width: 22) }
    public func lockRect(_ position: Int) -> Rect { cell(position, x: 26, width: 22) }
    public func nameRect(_ position: Int) -> Rect { cell(position, x: 52, width: rowRect(position).width - 52 - 58) }
    /// The opacity ("100 %"): a click steps it up, shift-click down, the wheel both ways.
    public func opacityRect(_ position: Int) -> Rect { cell(position, x: rowRect(position).width - 54, width: 52) }

    private func cell(_ position: Int, x: Double, width: Double) -> Rect {
        let r = rowRect(position)
        return Rect(x: r.minX + x, y: r.minY + 2, width: width, height: r.height - 4)
    }

    /// The buttons under the rows, in `Button.allCases` order.
    public var buttonRects: [Rect] {
        let n = Double(Button.allCases.count), gap = 4.0, y = titleRect.maxY + Double(shownRowCount) * Self.rowHeight + 2
        let w = (Self.width - 2 * Self.pad - (n - 1) * gap) / n
        return Button.allCases.indices.map { i in
            Rect(x: origin.x + Self.pad + Double(i) * (w + gap), y: y, width: w, height: Self.buttonHeight - 4)
        }
    }

    /// What a window point lands on (nil outside the panel).
    public func hit(_ p: Point) -> Part? {
        guard panel.contains(p) else { return nil }
        if let i = buttonRects.firstIndex(where: { $0.contains(p) }) { return .button(Button.allCases[i]) }
        guard let position = shownPositions.first(where: { rowRect($0).contains(p) }) else { return .panel }
        if eyeRect(position).insetBy(-2).contains(p) { return .eye(position) }
        if lockRect(position).insetBy(-2).contains(p) { return .lock(position) }
        if opacityRect(position).insetBy(-2).contains(p) { return .opacity(position) }
        return .name(position)
    }

    // MARK: Clicks

    /// A click on `part` at `time` (seconds; only differences count), with shift held or not: the
    /// layer events it asks for, in order (none for a click that only starts a rename). A click on
    /// a row's name makes its layer current (a second one soon after starts the rename; while a name is typed a click on it
    /// does nothing, and a click elsewhere first keeps the typed name); the eye,
    /// the lock and the opacity act on their row's layer and leave the current layer as it was.
    public mutating func click(_ part: Part, shift: Bool, at time: Double) -> [LayerEvent] {
        if let r = renameState, part == .name(r.position) { return [] }  // a click in the name being typed
        var events = renameState != nil ? commitRename() : []
        switch part {
        case .name(let p):
            if let last = lastNameClick, last.position == p, p == current, time - last.time <= Self.doubleClickTime {
                renameState = RenameState(position: p, text: layers[p].name)
                lastNameClick = nil
                return events
            }
            lastNameClick = NameClick(position: p, time: time)
            if p != current { events.append(.makeCurrent(p)) }
        case .eye(let p): events += onLayer(p, .visible(!layers[p].visible))
        case .lock(let p): events += onLayer(p, .locked(!layers[p].locked))
        case .opacity(let p): events += step(p, up: !shift)
        case .button(let b): events.append(b.event)
        case .panel: break
        }
        return events
    }

    /// The opacity of the layer at `position` one 10 % step up (or down), as the wheel over it asks.
    public func step(_ position: Int, up: Bool) -> [LayerEvent] {
        guard layers.indices.contains(position) else { return [] }
        let o = ((layers[position].opacity * 10).rounded() + (up ? 1 : -1)) / 10
        return onLayer(position, .opacity(Layer.clampedOpacity(o)))
    }

    /// `event` on the layer at `position`: made current for it, then the current one again.
    private func onLayer(_ position: Int, _ event: LayerEvent) -> [LayerEvent] {
        guard layers.indices.contains(position) else { return [] }
        guard position != current else { return [event] }
        return [.makeCurrent(position), event, .makeCurrent(current)]
    }

    // MARK: Renaming

    /// Whether a name is being typed (the panel takes the keys without ctrl and the characters).
    public var isRenaming: Bool { renameState != nil }

    /// A character typed into the name (control characters ignored; at most `Layer.maxNameLength`).
    public mutating func type(_ c: Character) {
        guard var r = renameState, !c.isNewline, c.asciiValue.map({ $0 >= 0x20 && $0 != 0x7f }) ?? true,
              r.text.count < Layer.maxNameLength else { return }
        r.text.append(c)
        renameState = r
    }

    /// Deletes the name's last character.
    public mutating func backspace() {
        guard var r = renameState, !r.text.isEmpty else { return }
        r.text.removeLast()
        renameState = r
    }

    /// Ends the rename: the events that give its layer the typed name (none when it is empty or
    /// unchanged).
    public mutating func commitRename() -> [LayerEvent] {
        guard let r = renameState else { return [] }
        renameState = nil
        let name = r.text.trimmingCharacters(in: .whitespaces)
        guard layers.indices.contains(r.position), !name.isEmpty, name != layers[r.position].name else { return [] }
        return onLayer(r.position, .rename(name))
    }

    /// Ends the rename, the name as it was.
    public mutating func cancelRename() { renameState = nil }
}
