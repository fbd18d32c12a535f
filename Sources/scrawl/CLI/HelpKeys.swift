import ScrawlCore

/// The KEYS section of `scrawl --help`, generated from `KeyTable`.
enum HelpKeys {
    /// Lines are wrapped before this many columns.
    static let width = 100

    /// The MOUSE section of `scrawl --help` and of the window's help overlay.
    static let mouseLines = [
        "  left button: draws with the current tool. Click a swatch or tool icon in the bars; shift-click a",
        "    swatch sets the fill.",
        "  scroll wheel: pan (shift+wheel: sideways); ctrl+wheel: zoom about the cursor.",
        "  middle button drag, or space held with a left drag: pan (the cursor becomes a hand).",
        "  Alt-drag, or any drag in mirror mode (m), also draws its mirror image through the page centre.",
        "  Select: drag a handle to scale (alt: the stroke widths stay as they are).",
        "  Follow: drag the red handle along the last stroke.",
        "  Colour squares: the picker (shift: for the fill). Recent colours: the stroke (shift: the fill).",
        "  Width and opacity values: a click steps up, shift-click down, the wheel either way.",
        "  The picture button after the opacity inserts a PNG (ctrl+i); ctrl+v pastes a copied picture.",
        "  Drop a .scrawl file on the window to open it, a PNG to make it the stamp image.",
        "  A tablet's pen (XInput2) draws with its pressure; its eraser end erases while it touches.",
        "  Fingers on a touchscreen draw a stroke each (n: pan and pinch-zoom); near the pen they do nothing.",
    ]

    /// One line per key-table row (wrapped, continuations indented), then the width and opacity steps.
    static func lines() -> [String] {
        var out: [String] = []
        for row in KeyTableRow.rows() {
            let items = row.items.map { item in
                item.chords.map(\.name).joined(separator: " / ") + " " + item.detail
            }
            out += wrap(items, first: "  " + (row.topic.map { $0 + ": " } ?? ""), rest: "    ")
        }
        let widths = DrawingSettings.widths.map { String(Int($0)) }.joined(separator: " ")
        let opacities = DrawingSettings.opacities.map { String(Int($0 * 100)) }.joined(separator: " ")
        let sizes = DrawingSettings.textSizes.map { String(Int($0)) }.joined(separator: " ")
        out.append("  widths: \(widths); opacities: \(opacities) %; text sizes (the Text tool's [ ]): \(sizes)")
        return out
    }

    /// `items` joined by three spaces after `first`, broken before `width` columns.
    static func wrap(_ items: [String], first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        for item in items {
            let separator = line == first || line == rest ? "" : "   "
            if line.count + separator.count + item.count > width, line != first, line != rest {
                lines.append(line)
                line = rest + item
            } else {
                line += separator + item
            }
        }
        lines.append(line)
        return lines
    }
}
