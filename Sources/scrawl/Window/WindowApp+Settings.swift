import CGLFW
import Foundation
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Settings that persist (`$XDG_CONFIG_HOME/scrawl/settings.json`): when they are read and written
/// is the session's `SettingsKeeper`'s; the window applies what was read and tells it what they are now.
extension WindowApp {
    /// Applies the settings read at start (none while recording), and the saved window size fitted
    /// to the screen; says what was wrong with the file.
    func loadSettings() {
        for notice in settings.takeNotices() { show(notice) }
        guard let loaded = settings.loaded else { return }
        editor.restore(loaded)
        ui.touchMode = loaded.touchMode
        needsRedraw = true
        if let size = loaded.windowSize {
            let fitted = WindowApp.fitted(size, into: workArea())
            glfwSetWindowSize(window, Int32(fitted.width), Int32(fitted.height))
        }
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

    /// The settings as they are now: the editor's, and the window's size.
    func currentSettings() -> SavedSettings {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(window, &w, &h)
        let size = w > 0 && h > 0 ? SavedSettings.WindowSize(width: Int(w), height: Int(h)) : nil
        var s = SavedSettings(editor: editor, windowSize: size)
        s.touchMode = ui.touchMode
        return s
    }

    /// Tells the keeper the settings as they are now (once per turn of the run loop): it writes a
    /// change once it has rested.
    func serviceSettings() {
        guard settings.file != nil else { return }
        settings.note(currentSettings(), now: glfwGetTime())
        for notice in settings.takeNotices() { show(notice) }
    }

    /// Writes a waiting change now (at quit).
    func flushSettings() {
        guard settings.file != nil else { return }
        settings.flush(currentSettings())
        for notice in settings.takeNotices() { show(notice) }
    }
}
