/// The current layer's name on the colour bar: a box right after the layers button (a click on it
/// opens or closes the layers panel, as the button does), with the name cut to
/// `layerNameCharacters` (an ellipsis at the cut) and by the renderer to the box (`cutToFit`:
/// about ten characters fit). It is shown while the layout has a name (the
/// window gives one while the drawing has more than one layer) and the bar has room: its box takes
/// the room of all but `minRecentSlotsBesideName` of the recent colours' least share, so at the
/// default width the tool options still show beside it.
extension ToolbarLayout {
    /// The name's box (room for about ten characters at `ToolbarLabel.textPoints`) and the gap after it.
    static let layerNameWidth = 84.0, layerNameGap = 4.0
    /// The most characters of the name the bar gives the renderer; a longer name is cut, with an
    /// ellipsis (and the renderer cuts it further where its words are wider than the box).
    public static let layerNameCharacters = 12
    /// Recent colours the colour bar's slots make room for beside the name.
    static let minRecentSlotsBesideName = 2
    /// The name shows when the colour bar's slots stay at least this wide beside it.
    static let minSlotBesideLayerName = 24.0

    /// Whether the name is shown: the layout has one and the bar has room for it.
    public var showsLayerName: Bool {
        guard visible, layerName != nil else { return false }
        return (canvas.width - 8 - Self.layerNameWidth - Self.layerNameGap) / colorUnits(besideName: true) >= Self.minSlotBesideLayerName
    }

    /// What the name's box takes of the colour bar (0 when it is not shown).
    var layerNameRoom: Double { showsLayerName ? Self.layerNameWidth + Self.layerNameGap : 0 }

    /// The name's box, right after the command buttons, as high as a swatch; nil when not shown.
    public var layerNameRect: Rect? {
        guard showsLayerName else { return nil }
        let h = swatchRects[0].height
        return Rect(x: 4 + Double(ToolbarCommand.allCases.count) * colorSlot, y: colorBar.center.y - h / 2,
                    width: Self.layerNameWidth, height: h)
    }

    /// `name` as the bar shows it: at most `layerNameCharacters` characters, the last an ellipsis
    /// when it is cut.
    public static func layerNameText(_ name: String) -> String {
        name.count <= layerNameCharacters ? name : String(name.prefix(layerNameCharacters - 1)) + "…"
    }

    /// The name's words (colour bar), when shown.
    func layerNameLabel() -> ToolbarLabel? {
        guard let r = layerNameRect, let name = layerName else { return nil }
        return ToolbarLabel(text: Self.layerNameText(name), rect: Rect(x: r.minX + 6, y: r.minY, width: r.width - 6 - 3, height: r.height),
                            color: Self.ink, onShapeBar: false, cutToFit: true)
    }

    /// The name's box: white, outlined, shaded under the pointer as the layers button is.
    func layerNameBox(hover: ToolbarHit?) -> [Drawable] {
        guard let r = layerNameRect else { return [] }
        return [filled(.rectangle(r), hover == .command(.layers) ? Self.hoverShade : .white), outline(r, width: 1)]
    }
}

extension ToolbarLabel {
    /// `text` cut at its end (an ellipsis in its place) until `measure` says it is at most `room`
    /// wide; the text itself when it fits (an ellipsis alone when nothing else does).
    public static func fitted(_ text: String, room: Double, measure: (String) -> Double) -> String {
        guard measure(text) > room else { return text }
        var kept = text.hasSuffix("…") ? String(text.dropLast()) : text
        while !kept.isEmpty {
            kept.removeLast()
            let cut = kept.trimmingTrailingSpaces + "…"
            if measure(cut) <= room { return cut }
        }
        return "…"
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
