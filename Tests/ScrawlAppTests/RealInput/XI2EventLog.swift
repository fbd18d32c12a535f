import Foundation

/// The events `xinput test-xi2 --root` printed: an independent XI2 client's view of what the
/// injected input made, for the smoke tests (no Scrawl involved).
struct XI2EventLog {
    struct Event {
        /// `6` and "Motion", `18` and "TouchBegin", ...
        var type: Int
        var name: String
        /// The device it was delivered for (a master pointer, 2, or the slave itself) and the slave
        /// it came from: "device: 2 (6)".
        var device = 0, source = 0
        /// The touch id for touch events, the button for button events.
        var detail = 0
        var root: (x: Double, y: Double)?
        /// Valuator number to value, as printed (the first number on each valuator line).
        var valuators: [Int: Double] = [:]
    }

    let events: [Event]

    init(text: String) {
        var events: [Event] = []
        var inValuators = false
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("EVENT type ") {
                let words = line.dropFirst("EVENT type ".count).split(separator: " ")
                let name = words.dropFirst().first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "()")) } ?? ""
                events.append(Event(type: Int(words.first ?? "") ?? -1, name: name))
                inValuators = false
                continue
            }
            guard !events.isEmpty else { continue }
            let fields = line.split(separator: " ").map(String.init)
            if line.hasPrefix("device:"), fields.count >= 3 {
                events[events.count - 1].device = Int(fields[1]) ?? 0
                events[events.count - 1].source = Int(fields[2].trimmingCharacters(in: CharacterSet(charactersIn: "()"))) ?? 0
            } else if line.hasPrefix("detail:"), fields.count >= 2 {
                events[events.count - 1].detail = Int(fields[1]) ?? 0
            } else if line.hasPrefix("root:"), fields.count >= 2 {
                let xy = fields[1].split(separator: "/").compactMap { Double($0) }
                if xy.count == 2 { events[events.count - 1].root = (xy[0], xy[1]) }
            } else if line.hasPrefix("valuators:") {
                inValuators = true
            } else if inValuators, let colon = line.firstIndex(of: ":"), let axis = Int(line[..<colon]) {
                let value = line[line.index(after: colon)...].split(separator: " ").first.flatMap { Double($0) }
                if let value { events[events.count - 1].valuators[axis] = value }
            } else if !line.isEmpty {
                inValuators = false  // "windows: …" and the like end the valuator lines
            }
        }
        self.events = events
    }

    /// The events named `name` that came from device `source`.
    func events(_ name: String, from source: Int) -> [Event] {
        events.filter { $0.name == name && $0.source == source }
    }
}
