import CGLFW
import Foundation
import ScrawlCore
import ScrawlStorage

/// Settings that persist (`$XDG_CONFIG_HOME/scrawl/settings.json`): read at start, written
/// atomically about a second after the last change and at quit.
extension WindowApp {
    /// Seconds a change waits before it is written (more changes within it wait together).
    static let settingsDelay = 1.0

    /// Reads the settings file and applies it. A broken file is said once and replaced by the
    /// defaults. While recording, settings are neither read nor written: a recording starts from
    /// the defaults, as `scrawl render` does.
    func loadSettings() {
        guard recorder == nil else { return }
        let file = SettingsFile(environment: ProcessInfo.processInfo.environment)
        files.settingsFile = file
        let loaded = file.load()
        if let problem = loaded.problem {
            printError("scrawl: " + problem)
            toast(loaded.isBroken ? "Settings were broken; the defaults are used" : "Some settings were not usable",
                  error: loaded.isBroken)
        }
        applySettings(loaded.settings)
        if let size = loaded.settings.windowSize {
            let fitted = WindowApp.fitted(size, into: workArea())
            glfwSetWindowSize(window, Int32(fitted.width), Int32(fitted.height))
        }
        files.editorID = ObjectIdentifier(editor)
        files.writtenSettings = loaded.settings
        // A file that exists but could not be read is never replaced: this session keeps no settings.
        guard loaded.mayReplace else { files.settingsFile = nil; return }
        if loaded.isBroken { writeSettings(loaded.settings) }
    }

    /// The primary monitor's work area in screen coordinates (nil when GLFW knows no monitor).
    func workArea() -> (width: Int, height: Int)? {
        guard let monitor = glfwGetPrimaryMonitor() else { return nil }
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h)
        return w > 0 && h > 0 ? (Int(w), Int(h)) : nil
    }

    /// A saved window size made to fit the work area (a size saved on a larger monitor, or written
    /// by hand, must not open a window, and frame targets, larger than the screen).
    static func fitted(_ size: SavedSettings.WindowSize, into area: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        guard let area else { return (min(size.width, 1600), min(size.height, 1200)) }
        return (min(size.width, area.width), min(size.height, area.height))
    }

    /// Makes `s` the editor's settings, tool, bars and recent colours.
    func applySettings(_ s: SavedSettings) {
        editor.restore(settings: s.drawing, tool: s.tool, barsVisible: s.barsShown)
        editor.recentColours = s.recentColours
        needsRedraw = true
    }

    /// The settings as they are now.
    func currentSettings() -> SavedSettings {
        var s = SavedSettings()
        s.tool = editor.tool.kind
        s.drawing = editor.settings
        s.barsShown = editor.barsVisible
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(window, &w, &h)
        if w > 0 && h > 0 { s.windowSize = SavedSettings.WindowSize(width: Int(w), height: Int(h)) }
        s.recentColours = editor.recentColours
        return s
    }

    /// Notes a change (the editor's settings, the window size) and writes it once it has rested for
    /// `settingsDelay`; an opened document's new editor gets the settings the last one had.
    func serviceSettings() {
        guard files.settingsFile != nil else { return }
        if files.editorID != ObjectIdentifier(editor) {
            files.editorID = ObjectIdentifier(editor)
            if let last = files.pendingSettings ?? files.writtenSettings { applySettings(last) }
        }
        let current = currentSettings()
        let now = glfwGetTime()
        if current != (files.pendingSettings ?? files.writtenSettings) {
            files.pendingSettings = current
            files.pendingSince = now
        } else if files.pendingSettings != nil, now - files.pendingSince >= WindowApp.settingsDelay {
            flushSettings()
        }
    }

    /// Seconds until a waiting change is due to be written (the run loop waits no longer); nil
    /// when nothing waits.
    func settingsWake(now: Double) -> Double? {
        guard files.pendingSettings != nil else { return nil }
        return max(files.pendingSince + WindowApp.settingsDelay - now, 0) + 0.01
    }

    /// Writes a waiting change now (at quit).
    func flushSettings() {
        guard files.settingsFile != nil else { return }
        let current = currentSettings()
        if current != files.writtenSettings { writeSettings(current) }
        files.pendingSettings = nil
    }

    /// Writes `s`; a failure is said once (standard error) until a write works again.
    func writeSettings(_ s: SavedSettings) {
        guard let file = files.settingsFile else { return }
        do {
            try file.save(s)
            files.writtenSettings = s
            files.settingsWriteFailed = false
        } catch {
            files.writtenSettings = s  // do not retry at every change; the next change tries again
            if !files.settingsWriteFailed { printError("scrawl: settings not saved: \(error)") }
            files.settingsWriteFailed = true
        }
    }
}
