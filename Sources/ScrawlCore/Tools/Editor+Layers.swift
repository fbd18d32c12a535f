/// The editor's layers: the current layer (where new ink, a paste and every tool act), the layer
/// operations as one undo step each, and the gate that keeps tools off hidden and locked layers.
extension Editor {
    /// The layer tools act on: the one chosen last, or the top layer when that one is gone (undone,
    /// deleted).
    public var currentLayer: Layer { displayList.layer(currentLayerID) ?? displayList.topLayer }

    /// Where the current layer is in `displayList.layers` (0 is the bottom).
    public var currentLayerIndex: Int { displayList.layerIndex(currentLayer.id) ?? displayList.layers.count - 1 }

    /// The name the colour bar shows beside the layers button: the current layer's, while the
    /// drawing has more than one layer (nil with one).
    public var barLayerName: String? { displayList.layers.count > 1 ? currentLayer.name : nil }

    /// The layer whose items tools see (`spatialIndex`): the current one when it is editable, else none.
    var toolLayer: LayerID { currentLayer.isEditable ? currentLayer.id : .none }

    /// Applies a layer operation (see `LayerEvent`); false when it changed nothing.
    @discardableResult
    public func apply(_ event: LayerEvent) -> Bool {
        tool.cancelAll(self)
        let id = currentLayer.id
        let changed: Bool
        switch event {
        case .add(let name):
            guard let new = editLayers({ $0.addLayer(above: id, name: name) }) else { return false }
            currentLayerID = new
            changed = true
        case .delete:
            let below = max(0, currentLayerIndex - 1)
            changed = editLayers { $0.deleteLayer(id) } ?? false
            if changed { currentLayerID = displayList.layers[min(below, displayList.layers.count - 1)].id }
        case .move(let d): changed = editLayers { $0.moveLayer(id, by: d) } ?? false
        case .makeCurrent(let p):
            guard displayList.layers.indices.contains(p), displayList.layers[p].id != id else { return false }
            currentLayerID = displayList.layers[p].id
            changed = true
        case .rename(let name): changed = editLayers { $0.updateLayer(id) { $0.name = name } } ?? false
        case .visible(let v): changed = editLayers { $0.updateLayer(id) { $0.visible = v } } ?? false
        case .locked(let l): changed = editLayers { $0.updateLayer(id) { $0.locked = l } } ?? false
        case .opacity(let o): changed = editLayers { $0.updateLayer(id) { $0.opacity = o } } ?? false
        case .mergeDown:
            guard mergeShowsBoth() else { return false }
            let below = currentLayerIndex - 1
            changed = editLayers { $0.mergeDown(id) } ?? false
            if changed { currentLayerID = displayList.layers[below].id }
        case .moveSelection(let d): changed = moveSelection(by: d)
        }
        guard changed else { return false }
        if event.movesCurrentLayer { layerStepCurrents[displayList.state] = LayerStepCurrents(before: id, after: currentLayer.id) }
        tool.displayListChanged(self)
        return true
    }

    /// After undoing the step with serial `undone`: the current layer as it was before it, when
    /// it was a layer operation that moved it.
    func currentLayerAfter(undoing undone: UInt64) {
        if let c = layerStepCurrents[undone], displayList.layer(c.before) != nil { currentLayerID = c.before }
    }

    /// After redoing the step now newest (`redone`): the current layer as that operation left it.
    func currentLayerAfter(redoing redone: UInt64) {
        if let c = layerStepCurrents[redone], displayList.layer(c.after) != nil { currentLayerID = c.after }
    }

    /// A layer key: its operation on the current layer, then a notice saying where that leaves it.
    func perform(_ key: LayerKey) {
        let layer = currentLayer
        let event: LayerEvent
        switch key {
        case .add: event = .add(name: nil)
        case .delete: event = .delete
        case .mergeDown: event = .mergeDown
        case .toggleVisible: event = .visible(!layer.visible)
        case .toggleLocked: event = .locked(!layer.locked)
        case .current(let d): event = .makeCurrent(currentLayerIndex + d)
        case .move(let d): event = .move(d)
        case .stepOpacity(let d): event = .opacity(((layer.opacity * 10).rounded() + Double(d)) / 10)
        case .moveSelection(let d): event = .moveSelection(d)
        }
        apply(event)
        note(.layerStatus(layerStatusText))
    }

    /// "Layer 2 of 3: Ink (50 %, hidden, locked)".
    public var layerStatusText: String {
        let layer = currentLayer
        var marks: [String] = []
        if layer.opacity < 1 { marks.append("\(Int((layer.opacity * 100).rounded())) %") }
        if !layer.visible { marks.append("hidden") }
        if layer.locked { marks.append("locked") }
        let tail = marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")"
        return "Layer \(currentLayerIndex + 1) of \(displayList.layers.count): \(layer.name)" + tail
    }

    /// Runs `edit` on the display list (pending commits flushed first).
    private func editLayers<T>(_ edit: (inout DisplayList) -> T?) -> T? {
        flushCommits()
        return edit(&displayList)
    }

    /// The selection to the layer `d` places above (or below), which becomes current; refused with
    /// a notice when that layer is hidden or locked.
    private func moveSelection(by d: Int) -> Bool {
        let selected = tool.selection(self)
        guard !selected.isEmpty, currentLayer.isEditable else { return false }
        let layers = displayList.layers, target = currentLayerIndex + d
        guard layers.indices.contains(target) else { return false }
        guard layers[target].isEditable else {
            note(.layerNotEditable(name: layers[target].name, hidden: !layers[target].visible))
            return false
        }
        let moved = editLayers { $0.moveItems(selected, to: layers[target].id) } ?? []
        guard !moved.isEmpty else { return false }
        currentLayerID = layers[target].id
        tool.reselect(Set(moved.map(\.id)), self)
        return true
    }

    /// Whether the current layer and the one below it are both shown (a merge would otherwise
    /// show hidden drawables or hide shown ones); notes which is hidden when not. True at the
    /// bottom (where the merge does nothing).
    private func mergeShowsBoth() -> Bool {
        let p = currentLayerIndex
        guard p > 0 else { return true }
        guard let hidden = [displayList.layers[p], displayList.layers[p - 1]].first(where: { !$0.visible }) else { return true }
        note(.mergeHidden(name: hidden.name))
        return false
    }

    /// The touches a tool may have: none while the current layer is hidden or locked (a touch
    /// beginning then is refused with a notice).
    func layerFilter(_ touches: [Touch]) -> [Touch] {
        let layer = currentLayer
        guard !layer.isEditable else { return touches }
        if touches.contains(where: { $0.phase == .began }) { note(.layerNotEditable(name: layer.name, hidden: !layer.visible)) }
        return []
    }

    /// Replaces the whole drawing and its layers by `layered` as one undoable step (a revert to
    /// the saved file), after cancelling whatever is in progress. Returns whether anything changed.
    @discardableResult
    public func replaceAll(withLayers layered: [(layer: Layer, drawables: [Drawable])]) -> Bool {
        tool.cancelAll(self)
        flushCommits()
        guard displayList.replaceAll(withLayers: layered.map { ($0.layer, insideCanvas($0.drawables)) }) != nil else { return false }
        tool.displayListChanged(self)
        return true
    }

    /// Clears the current layer as one undo step (the whole list, as before layers, when it is
    /// the only one); false when it holds nothing.
    func clearsCurrentLayer() -> Bool {
        guard displayList.layers.count > 1 else { return displayList.clear() }
        return displayList.remove(Set(displayList.items(of: currentLayer.id).map(\.id))) != nil
    }

    /// Whether drawables may go to the current layer now; notes why not when they may not.
    func currentLayerTakesDrawables() -> Bool {
        let layer = currentLayer
        guard !layer.isEditable else { return true }
        note(.layerNotEditable(name: layer.name, hidden: !layer.visible))
        return false
    }
}

/// The current layer before and after a layer operation's step.
struct LayerStepCurrents: Hashable, Sendable {
    var before: LayerID
    var after: LayerID
}

extension LayerEvent {
    /// Whether the operation is a step that may leave another layer current (add, delete, move,
    /// merge down, the selection to another layer): undo and redo then bring back the current
    /// layer of before and after it. The others (rename, visibility, lock, opacity) leave it as it
    /// is; `makeCurrent` is no step.
    var movesCurrentLayer: Bool {
        switch self {
        case .add, .delete, .move, .mergeDown, .moveSelection: return true
        case .makeCurrent, .rename, .visible, .locked, .opacity: return false
        }
    }
}
