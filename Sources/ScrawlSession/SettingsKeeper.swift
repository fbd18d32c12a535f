import ScrawlCore
import ScrawlStorage

/// When the settings (`$XDG_CONFIG_HOME/scrawl/settings.json`) are read and written; reading and
/// writing the file is `SettingsFile`'s.
///
/// - They are read once, at start. A broken file (moved aside by `SettingsFile`) is replaced by
///   the defaults at once; a file that exists but cannot be read, or cannot be moved aside, is
///   never replaced: this session keeps no settings.
/// - While recording (`--record`) nothing is read or written: a recording starts from the
///   defaults, as `scrawl render` does.
/// - A change is written once it has rested for `delay` seconds (changes within it wait
///   together, so a burst of them is one write), and at quit (`flush`).
/// - A failed write is said once until a write works again, and is not retried before the next change.
///
/// Times are seconds on the caller's clock (the window's), passed in, so nothing here waits.
public final class SettingsKeeper {
    /// Seconds a change waits before it is written.
    public static let delay = 1.0
    /// The file written, or nil when this session keeps no settings.
    public private(set) var file: SettingsFile?
    /// What the window starts from: the file's settings (the defaults when it is missing or
    /// broken); nil while recording, when nothing was read.
    public let loaded: SavedSettings?
    /// What was last written (or read): a change is what differs from it.
    private var written: SavedSettings?
    /// A change waiting to be written, and since when it has been as it is.
    private var pending: (settings: SavedSettings, since: Double)?
    private var writeFailed = false
    private var notices: [SessionNotice] = []
    /// Scrawl's first start here: settings are kept and there was no settings file yet (never while
    /// recording). The window shows a first hint then.
    public private(set) var isFirstStart = false

    /// Reads the settings for a session in `environment`, unless `recording`.
    public init(environment: SessionEnvironment, recording: Bool) {
        guard !recording else { loaded = nil; return }
        let file = SettingsFile(environment: environment.variables)
        let read = file.load()
        if let problem = read.problem { notices.append(.settingsProblem(message: problem, broken: read.isBroken)) }
        loaded = read.settings
        written = read.settings
        guard read.mayReplace else { return }  // left as it is: this session keeps no settings
        self.file = file
        isFirstStart = read.wasMissing
        if read.isBroken { write(read.settings) }
    }

    /// What the user should hear since the last call (a problem reading, a failed write), oldest first.
    public func takeNotices() -> [SessionNotice] {
        defer { notices.removeAll() }
        return notices
    }

    /// The settings as they are at `now` (called often, e.g. once per turn of the window's loop):
    /// a change starts waiting, and one that has waited `delay` unchanged is written.
    public func note(_ current: SavedSettings, now: Double) {
        guard file != nil else { return }
        if current != (pending?.settings ?? written) {
            pending = (current, now)
        } else if let waiting = pending, now - waiting.since >= SettingsKeeper.delay {
            flush(current)
        }
    }

    /// Seconds from `now` until a waiting change is due (a little past it, so that a wake then
    /// finds it due); nil when nothing waits.
    public func wake(now: Double) -> Double? {
        guard let waiting = pending else { return nil }
        return max(waiting.since + SettingsKeeper.delay - now, 0) + 0.01
    }

    /// Writes `current` now when it differs from what was written (at quit).
    public func flush(_ current: SavedSettings) {
        guard file != nil else { return }
        if current != written { write(current) }
        pending = nil
    }

    private func write(_ s: SavedSettings) {
        guard let file else { return }
        written = s  // on failure too: the next change tries again, not every turn of the loop
        do {
            try file.save(s)
            writeFailed = false
        } catch {
            if !writeFailed { notices.append(.settingsNotSaved(reason: "\(error)")) }
            writeFailed = true
        }
    }
}

extension SavedSettings {
    /// The settings `editor` has now, and the window's size (screen coordinates; nil when unknown).
    public init(editor: Editor, windowSize: WindowSize?) {
        self.init()
        tool = editor.tool.kind
        drawing = editor.settings
        barsShown = editor.barsVisible
        self.windowSize = windowSize
        recentColours = editor.recentColours
    }
}

extension Editor {
    /// Makes `saved` this editor's settings, tool, bars and recent colours (the window size is the window's).
    public func restore(_ saved: SavedSettings) {
        restore(settings: saved.drawing, tool: saved.tool, barsVisible: saved.barsShown)
        recentColours = saved.recentColours
    }
}
