import ScrawlCore

/// One value of the benchmark's JSON output.
indirect enum BenchValue: Sendable {
    /// A number rounded to `digits` significant decimals after the point.
    case number(Double, digits: Int)
    case int(Int)
    case string(String)
    case bool(Bool)
    case object([(String, BenchValue)])

    /// Milliseconds with 4 decimals (from seconds).
    static func ms(_ seconds: Double) -> BenchValue { .number(seconds * 1e3, digits: 4) }
    /// Microseconds with 1 decimal (from seconds).
    static func us(_ seconds: Double) -> BenchValue { .number(seconds * 1e6, digits: 1) }
    /// Seconds with 4 decimals.
    static func s(_ seconds: Double) -> BenchValue { .number(seconds, digits: 4) }

    var double: Double? {
        switch self {
        case .number(let v, _): return v
        case .int(let v): return Double(v)
        default: return nil
        }
    }

    func write(_ w: inout JSONWriter, indent: String) {
        switch self {
        case .number(let v, let digits):
            guard v.isFinite else { w.null(); return }
            var p = 1.0
            for _ in 0..<digits { p *= 10 }
            w.number((v * p).rounded() / p)
        case .int(let v): w.integer(v)
        case .string(let s): w.string(s)
        case .bool(let b): w.bool(b)
        case .object(let fields):
            // Small objects of numbers stay on one line; others take a line per member.
            let flat = fields.allSatisfy { if case .object = $0.1 { return false } else { return true } }
                && fields.count <= 6 && !indent.isEmpty
            let layout = flat ? JSONWriter.Layout.inline
                : JSONWriter.Layout(open: "\n" + indent + "  ", between: "\n" + indent + "  ", close: "\n" + indent,
                                    closeEmpty: "\n" + indent)
            w.object(layout) { w in
                for (key, value) in fields {
                    w.key(key)
                    value.write(&w, indent: indent + "  ")
                }
            }
        }
    }
}

/// The benchmark's figures in insertion order.
struct BenchReport {
    private(set) var fields: [(String, BenchValue)] = []

    subscript(key: String) -> BenchValue? {
        get { fields.first { $0.0 == key }?.1 }
        set {
            if let i = fields.firstIndex(where: { $0.0 == key }) {
                if let newValue { fields[i].1 = newValue } else { fields.remove(at: i) }
            } else if let newValue {
                fields.append((key, newValue))
            }
        }
    }

    /// A number inside an object field, e.g. `value("frame_ms", "10000")`.
    func value(_ key: String, _ sub: String) -> Double? {
        guard case .object(let f)? = self[key] else { return nil }
        return f.first { $0.0 == sub }?.1.double
    }

    /// The ratios the targets are stated in.
    mutating func addRatios() {
        func ratio(_ a: Double?, _ b: Double?) -> BenchValue? {
            guard let a, let b, b > 0 else { return nil }
            return .number(a / b, digits: 3)
        }
        self["frame_ms_10000_over_0"] = ratio(value("frame_ms", "10000"), value("frame_ms", "0"))
        self["window_frame_ms_10000_over_0"] = ratio(value("window_frame_ms", "10000"), value("window_frame_ms", "0"))
        self["append_100000_over_100"] = ratio(value("append_us", "100000"), value("append_us", "100"))
        self["append_stroke_100000_over_100"] = ratio(value("append_stroke_us", "100000"),
                                                      value("append_stroke_us", "100"))
        // The layer goals are stated against `frame_ms` (the frames section, 10000 committed).
        let frame = value("frame_ms", "10000")
        let toggle = [value("layer_toggle_ms", "hide"), value("layer_toggle_ms", "show")].compactMap { $0 }.max()
        self["layer_toggle_over_frame_ms"] = ratio(toggle, frame)
        self["layer_opacity_over_frame_ms"] = ratio(self["layer_opacity_frame_ms"]?.double, frame)
        self["layers_frame_8_over_1"] = ratio(value("layers_frame_ms", "8"), value("layers_frame_ms", "1"))
        self["layers_pan_frame_8_over_1"] = ratio(value("layers_pan_frame_ms", "8"), value("layers_pan_frame_ms", "1"))
        if let parse = self["parse_s"]?.double, let render = self["workload_render_s"]?.double {
            self["parse_share_of_render"] = .number(parse / (parse + render), digits: 3)
        }
    }

    func json() -> String {
        var w = JSONWriter()
        BenchValue.object(fields).write(&w, indent: "")
        return w.text
    }
}
