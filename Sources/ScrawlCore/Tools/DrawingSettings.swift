/// The current drawing state the tools read (Dudel's tool delegate): one style per record, each
/// starting from its default here.
public struct DrawingSettings: Hashable, Sendable {
    /// The styles by record; every record in `StyleRecord.all` has one.
    private var styles: [StyleRecord: ToolStyle]

    /// Each record at its default.
    public init() {
        styles = Dictionary(uniqueKeysWithValues: StyleRecord.all.map { ($0.record, $0.style) })
    }

    /// The defaults, for clamping and for what a settings file leaves out.
    public static let defaults = DrawingSettings()

    /// The style `record` keeps (the members it does not keep hold its defaults, unused).
    public subscript(record: StyleRecord) -> ToolStyle {
        get { styles[record] ?? StyleRecord.all[0].style }  // every record has one
        set { styles[record] = newValue }
    }

    /// The record that holds `field` for a tool using `record`: its own, else the pen's.
    public func owner(of field: ToolStyle.Fields, for record: StyleRecord) -> StyleRecord {
        record.fields.contains(field) ? record : .pen
    }

    /// The style a tool using `record` reads: the record's own members, the pen's for the rest.
    public func style(for record: StyleRecord) -> ToolStyle {
        let own = self[record], pen = self[.pen]
        func pick<T>(_ field: ToolStyle.Fields, _ member: KeyPath<ToolStyle, T>) -> T {
            record.fields.contains(field) ? own[keyPath: member] : pen[keyPath: member]
        }
        return ToolStyle(stroke: pick(.stroke, \.stroke), fill: pick(.fill, \.fill), width: pick(.width, \.width),
                         opacity: pick(.opacity, \.opacity), pressure: pick(.pressure, \.pressure),
                         speedPressure: pick(.speedPressure, \.speedPressure), stabilizer: pick(.stabilizer, \.stabilizer))
    }

    /// Changes `field` where a tool using `record` keeps it (its record or the pen's).
    public mutating func update(_ field: ToolStyle.Fields, for record: StyleRecord, _ change: (inout ToolStyle) -> Void) {
        change(&self[owner(of: field, for: record)])
    }

    /// The highlighter's default colour, #ffeb3b.
    public static let highlighterYellow = Color(r: 0xff, g: 0xeb, b: 0x3b)

    /// Stroke widths that `[` and `]` step through.
    public static let widths: [Double] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]
    /// Text sizes (points) that `[` and `]` step through while the Text tool is current.
    public static let textSizes: [Double] = [12, 16, 24, 32, 48, 72]
    /// Opacities that `shift+[` and `shift+]` step through.
    public static let opacities: [Double] = [0.25, 0.5, 0.75, 1]

    /// Steps `value` through `steps` by `delta` places, stopping at the ends.
    static func step(_ value: Double, in steps: [Double], by delta: Int) -> Double {
        let nearest = steps.indices.min { abs(steps[$0] - value) < abs(steps[$1] - value) } ?? 0
        return steps[min(max(nearest + delta, 0), steps.count - 1)]
    }

    /// `value` within the first and last of `steps`; `fallback` when it is not a finite number.
    public static func clamp(_ value: Double, _ steps: [Double], fallback: Double) -> Double {
        guard value.isFinite, let lo = steps.first, let hi = steps.last else { return fallback }
        return min(max(value, lo), hi)
    }

    /// Every record's width, opacity, sensitivity and stabilizer within what the keys reach (the
    /// default's where not finite).
    public func clamped() -> DrawingSettings {
        var s = self
        for (record, style) in styles { s[record] = style.clamped(fallback: Self.defaults[record], widths: record.widthSteps) }
        return s
    }
}

extension StyleRecord {
    /// Pencil, line, shapes, Bézier, smooth brush, arrow, follow and the stamp's opacity; the
    /// colour and width a tool without a record of its own sets (the selection with nothing selected).
    /// Its pressure and stabilizer settings are the Pencil's, the Smooth brush's and the Arrow's.
    public static let pen = StyleRecord(name: "pen", fields: .all)
    /// The highlighter's own colour, width and stabilizer; it is always opaque, never filled, and
    /// its width does not follow pressure (a felt tip).
    public static let highlighter = StyleRecord(name: "highlighter", fields: [.stroke, .width, .stabilizer])
    /// The eraser's own width: its disc's diameter.
    public static let eraser = StyleRecord(name: "eraser", fields: [.width])
    /// The Text tool's own size (its width: `textSizes`); its colour and opacity are the pen's, so
    /// text is in the colour the strokes are drawn in.
    public static let text = StyleRecord(name: "text", fields: [.width], widthSteps: DrawingSettings.textSizes)

    /// Every record with its default style, written once (the settings file keeps them in this order).
    public static let all: [(record: StyleRecord, style: ToolStyle)] = [
        (.pen, ToolStyle(stroke: .fixed(.black), fill: .fixed(.lightGray), width: 2, opacity: 1)),
        (.highlighter, ToolStyle(stroke: .fixed(DrawingSettings.highlighterYellow), fill: nil, width: 16, opacity: 1)),
        (.eraser, ToolStyle(stroke: .fixed(.black), fill: nil, width: 16, opacity: 1)),
        (.text, ToolStyle(stroke: .fixed(.black), fill: nil, width: 24, opacity: 1)),
    ]
}
