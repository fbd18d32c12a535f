import ScrawlCore
import ScrawlStorage

/// The recording (`--record`): what the session lets happen while its input is written to a
/// replay. A replay starts from one drawing, its canvas and its stamp, so Open is refused while
/// recording, and a stamp changed by a dropped picture is said not to be in the recording.
/// Settings are neither read nor written then (see `SettingsKeeper`).
extension DocumentSession {
    /// Whether this session's input is being recorded.
    public var isRecording: Bool { recorder != nil }

    /// Writes this session's input to `recorder` from now on. A session that starts with drawings
    /// (a document, a recovered drawing) says that the recording does not hold them.
    public func record(to recorder: ReplayRecorder) {
        self.recorder = recorder
        if !editor.displayList.isEmpty { notify(.recordingOmitsStart(count: DrawingCount(editor.displayList.drawables))) }
    }

    /// Writes `event` to the recording, if there is one; a failed write stops the recording (said once).
    public func record(_ event: InputEvent) {
        guard let recorder else { return }
        do { try recorder.record(event) } catch {
            notify(.recordingStopped(reason: "\(error)"))
            self.recorder = nil
        }
    }

    /// Finishes the recording's file (at quit).
    public func finishRecording() {
        do { try recorder?.close() } catch { notify(.warning("\(error)")) }
        recorder = nil
    }

    /// Whether Open may replace the drawing now; when not (while recording), says why.
    public func mayOpen() -> Bool {
        guard isRecording else { return true }
        notify(.openRefusedWhileRecording)
        return false
    }

    /// Makes `image`, read from `path`, the Image tool's stamp (a dropped picture).
    public func useStamp(_ image: RasterImage, from path: String) {
        editor.stampImage = image
        notify(.stamp(path: path))
        if isRecording { notify(.stampNotRecorded(path: path)) }
    }
}
