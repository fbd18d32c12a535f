import ScrawlCore

/// The settings file's JSON, written with `JSONWriter` and read leniently: unknown members are
/// skipped, a member that is not usable (the wrong kind, not a colour, not a finite number) keeps
/// its default and is named in the problems, numbers out of range are clamped, and the recent
/// colours are read without repeats, at most `SavedSettings.maxRecentColours` of them (what was
/// dropped is named too). Each style record is an object in `tools` with the members it keeps.
///
/// ```json
/// {"format": "scrawl-settings", "version": 2, "tool": "pencil",
///  "tools": {"pen": {"stroke": "#000000ff", "fill": "#aaaaaaff", "width": 2, "opacity": 1,
///                     "pressure": 0.5, "speedPressure": false, "stabilizer": 0},
///            "highlighter": {"stroke": "#ffeb3bff", "width": 16, "stabilizer": 0}, "eraser": {"width": 16}},
///  "barsShown": true, "window": {"width": 800, "height": 688}, "recentColours": ["#ff0000ff"],
///  "touchMode": "draw"}
/// ```
///
/// Version 1 files, from before each tool had its style, are read too: the pen's members at the
/// top level (`"stroke"`, `"fill"`, `"width"`, `"opacity"`) and `"highlighter": {"colour", "width"}`
/// (`tools`, when a file has both, wins). Files from before the pressure and stabilizer members
/// (`pressure`, `speedPressure`, `stabilizer`) read as before, those at their defaults.
public enum SettingsCoding {
    /// The value of the `format` member.
    public static let formatName = "scrawl-settings"
    public static let version = 2

    /// The settings as JSON text, one member per line.
    public static func encode(_ s: SavedSettings) -> [UInt8] {
        var w = JSONWriter()
        w.object(.lines) { w in
            w.key("format"); w.string(formatName)
            w.key("version"); w.integer(version)
            w.key("tool"); w.string(s.tool.rawValue)
            w.key("tools")
            w.object(.lines) { w in
                for (record, _) in StyleRecord.all { w.key(record.name); encode(s.drawing[record], keeping: record.fields, into: &w) }
            }
            w.key("barsShown"); w.bool(s.barsShown)
            if let size = s.windowSize {
                w.key("window")
                w.object { w in
                    w.key("width"); w.integer(size.width)
                    w.key("height"); w.integer(size.height)
                }
            }
            w.key("recentColours")
            w.array { w in for c in s.recentColours { w.string(c.hex8) } }
            w.key("touchMode"); w.string(s.touchMode.rawValue)
        }
        w.raw("\n")
        return w.takeBytes()
    }

    /// The members of `style` that a record keeps, as one object.
    private static func encode(_ style: ToolStyle, keeping fields: ToolStyle.Fields, into w: inout JSONWriter) {
        w.object { w in
            if fields.contains(.stroke) { w.key("stroke"); w.string(choiceText(style.stroke)) }
            if fields.contains(.fill) { w.key("fill"); if let fill = style.fill { w.string(choiceText(fill)) } else { w.null() } }
            if fields.contains(.width) { w.key("width"); w.number(style.width) }
            if fields.contains(.opacity) { w.key("opacity"); w.number(style.opacity) }
            if fields.contains(.pressure) { w.key("pressure"); w.number(style.pressure) }
            if fields.contains(.speedPressure) { w.key("speedPressure"); w.bool(style.speedPressure) }
            if fields.contains(.stabilizer) { w.key("stabilizer"); w.number(style.stabilizer) }
        }
    }

    /// Settings read from `bytes`, and what was wrong with members that kept their defaults.
    /// Throws when the text is not a JSON object (the whole file is then unusable).
    public static func decode(_ bytes: [UInt8]) throws(SettingsError) -> (SavedSettings, problems: [String]) {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch { throw SettingsError(reason: "invalid JSON: \(error)") }
        guard let object = value.objectValue else { throw SettingsError(reason: "it is \(value.kindName), not an object") }
        if let format = object["format"], format.stringValue != formatName {
            throw SettingsError(reason: "its \"format\" is not \"\(formatName)\"")
        }
        var reader = MemberReader(object: object)
        var s = SavedSettings()
        reader.read("tool") { v in v.stringValue.flatMap(ToolKind.init(rawValue:)) }.map { s.tool = $0 }
        reader.readStyle(keeping: [.stroke, .fill, .width, .opacity], into: &s.drawing[.pen])  // version 1
        reader.readHighlighter(into: &s.drawing[.highlighter])  // version 1
        reader.readTools(into: &s.drawing)
        reader.read("barsShown") { v in if case .bool(let b) = v { return b } else { return nil } }.map { s.barsShown = $0 }
        reader.readWindow().map { s.windowSize = $0 }
        reader.readRecentColours().map { s.recentColours = $0 }
        reader.read("touchMode") { v in v.stringValue.flatMap(TouchMode.init(rawValue:)) }.map { s.touchMode = $0 }
        return (s, reader.problems)
    }

    /// `"random"`, or the colour as `#rrggbbaa`.
    static func choiceText(_ c: ColorChoice) -> String {
        if case .fixed(let colour) = c { return colour.hex8 }
        return "random"
    }

    /// A colour choice from `"random"`, `#rrggbb` or `#rrggbbaa`.
    static func choice(_ text: String) -> ColorChoice? {
        text == "random" ? .random : Color(hex: text).map { .fixed($0) }
    }

    /// The fill: a colour choice, or nil for JSON `null` (no fill); nil outside when unreadable.
    static func fillChoice(_ v: JSONValue) -> ColorChoice?? {
        if v == .null { return .some(nil) }
        guard let c = v.stringValue.flatMap(choice) else { return nil }
        return .some(c)
    }
}

/// Reads members one at a time, noting the ones present but unusable (what was ignored, for the
/// one line the settings file's problems make).
private struct MemberReader {
    let object: JSONObject
    var problems: [String] = []

    /// The member `key` converted by `convert`; nil (noted) when present but not convertible.
    mutating func read<T>(_ key: String, _ convert: (JSONValue) -> T?) -> T? {
        guard let value = object[key] else { return nil }
        guard let result = convert(value) else {
            let shown = value.stringValue.map { JSONWriter.quoted($0, limit: 40) } ?? value.kindName
            problems.append("\"\(key)\" (\(shown))")
            return nil
        }
        return result
    }

    /// The member `key` as a finite number; nil (noted) when it is another kind, NaN or infinite
    /// (`1e999` reads as infinity).
    mutating func number(_ key: String) -> Double? {
        guard let n = read(key, { $0.number }) else { return nil }
        guard n.isFinite else {
            problems.append("\"\(key)\" (\(JSONWriter.format(n)), not a finite number)")
            return nil
        }
        return n
    }

    /// The members of a style that `fields` names (the stroke under `strokeKey`); widths and
    /// opacities clamped.
    mutating func readStyle(keeping fields: ToolStyle.Fields, strokeKey: String = "stroke", widths: [Double] = DrawingSettings.widths,
                            into style: inout ToolStyle) {
        if fields.contains(.stroke) { read(strokeKey) { v in v.stringValue.flatMap(SettingsCoding.choice) }.map { style.stroke = $0 } }
        if fields.contains(.fill), let fill = read("fill", SettingsCoding.fillChoice) { style.fill = fill }
        if fields.contains(.width) {
            number("width").map { style.width = DrawingSettings.clamp($0, widths, fallback: style.width) }
        }
        if fields.contains(.opacity) {
            number("opacity").map { style.opacity = DrawingSettings.clamp($0, DrawingSettings.opacities, fallback: style.opacity) }
        }
        readInk(keeping: fields, into: &style)
    }

    /// The pressure sensitivity (clamped to 0...1), pressure from speed, and the stabilizer
    /// (clamped to 0...0.95), where `fields` names them; files from before them keep the defaults.
    mutating func readInk(keeping fields: ToolStyle.Fields, into style: inout ToolStyle) {
        if fields.contains(.pressure) { number("pressure").map { style.pressure = DrawingSettings.clamp($0, [0, 1], fallback: style.pressure) } }
        if fields.contains(.speedPressure) {
            read("speedPressure") { v in if case .bool(let b) = v { return b } else { return nil } }.map { style.speedPressure = $0 }
        }
        if fields.contains(.stabilizer) {
            number("stabilizer").map { style.stabilizer = DrawingSettings.clamp($0, [0, InkSettings.maxStabilizer], fallback: style.stabilizer) }
        }
    }

    /// Version 1's `"highlighter": {"colour": …, "width": …}`.
    mutating func readHighlighter(into style: inout ToolStyle) {
        guard let h = read("highlighter", { $0.objectValue }) else { return }
        var inner = MemberReader(object: h)
        inner.readStyle(keeping: [.stroke, .width], strokeKey: "colour", into: &style)
        problems += inner.problems.map { "highlighter: " + $0 }
    }

    /// `"tools"`: an object per style record by its name (unknown names are skipped).
    mutating func readTools(into d: inout DrawingSettings) {
        guard let tools = read("tools", { $0.objectValue }) else { return }
        var inner = MemberReader(object: tools)
        for (record, _) in StyleRecord.all {
            guard let members = inner.read(record.name, { $0.objectValue }) else { continue }
            var one = MemberReader(object: members)
            one.readStyle(keeping: record.fields, widths: record.widthSteps, into: &d[record])
            inner.problems += one.problems.map { "\(record.name): " + $0 }
        }
        problems += inner.problems.map { "tools: " + $0 }
    }

    /// `"window"`: both sides, finite, clamped into `WindowSize.sideRange`.
    mutating func readWindow() -> SavedSettings.WindowSize? {
        guard let w = read("window", { $0.objectValue }) else { return nil }
        var inner = MemberReader(object: w)
        let width = inner.number("width"), height = inner.number("height")
        problems += inner.problems.map { "window: " + $0 }
        guard let width, let height else {
            if inner.problems.isEmpty { problems.append("\"window\" (it needs both \"width\" and \"height\")") }
            return nil
        }
        let limit = Double(SavedSettings.WindowSize.sideRange.upperBound)
        return SavedSettings.WindowSize(width: Int(min(max(width, 0), limit)), height: Int(min(max(height, 0), limit)))
    }

    /// `"recentColours"`: the colour strings in order, each once, at most `maxRecentColours`;
    /// entries that are not colours, repeats and those past the limit are dropped and counted.
    mutating func readRecentColours() -> [Color]? {
        guard let list = read("recentColours", { $0.arrayValue }) else { return nil }
        let limit = SavedSettings.maxRecentColours
        var colours: [Color] = [], notColours = 0, repeats = 0, past = 0
        for v in list {
            guard let c = v.stringValue.flatMap({ Color(hex: $0) }) else { notColours += 1; continue }
            if colours.contains(c) { repeats += 1 } else if colours.count == limit { past += 1 } else { colours.append(c) }
        }
        let dropped = [("not colours", notColours), ("repeats", repeats), ("past the first \(limit)", past)]
            .filter { $0.1 > 0 }.map { "\($0.0): \($0.1)" }
        if !dropped.isEmpty { problems.append("\"recentColours\" (" + dropped.joined(separator: ", ") + ")") }
        return colours
    }
}

private extension JSONValue {
    /// The number as a Double, when this is a number.
    var number: Double? { numberValue?.doubleValue }
}

/// Why a settings file cannot be used at all.
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}
