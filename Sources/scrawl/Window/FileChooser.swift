import CGLFW
import Foundation
import ScrawlCore

/// What a file chooser is asked for: a document to open, a name to save as, a name to export to,
/// or a picture to insert.
enum FilePurpose: Equatable {
    case open, saveAs
    case export(transparent: Bool)
    case insertImage

    /// The chooser's title and the prompt's label.
    var title: String {
        switch self {
        case .open: return "Open"
        case .saveAs: return "Save as"
        case .export(let transparent): return transparent ? "Export (transparent PNG)" : "Export PNG or SVG"
        case .insertImage: return "Insert image"
        }
    }

    var isSave: Bool { self != .open && self != .insertImage }

    /// What enter does with the name, for the prompt's hint.
    var verb: String {
        switch self {
        case .open: return "open"
        case .insertImage: return "insert"
        case .saveAs, .export: return "write"
        }
    }
}

/// A file chooser request: what for, and the suggested path (a folder ending in `/` for Open).
struct FileRequest {
    var purpose: FilePurpose
    var suggestion: String
}

/// An external file chooser (zenity, kdialog) run as a child process on its own thread, so the window
/// keeps drawing; the run loop polls `outcome` (the thread wakes it with an empty GLFW event).
///
/// The XDG desktop portal is not used: it sends its `Response` signal only to the D-Bus connection
/// that made the call and closes the request when that connection goes away, so the `gdbus`
/// command-line tool (one connection per call) cannot wait for the answer.
final class FileChooser: @unchecked Sendable {
    /// How a chooser ended.
    enum Outcome: Equatable {
        case chosen(String)
        case cancelled
        /// No external chooser could be run (none installed, or each failed): use the in-window prompt.
        case unavailable(String?)
    }

    /// An external chooser program and how it is called.
    struct Program: Equatable {
        enum Kind: Equatable { case zenity, kdialog }
        var kind: Kind
        var path: String
    }

    let request: FileRequest
    private let programs: [Program]
    private let lock = NSLock()
    private var result: Outcome?
    /// The chooser program running now, and whether the window has gone (then no other is started).
    private var running: Process?
    private var stopped = false
    /// Signalled when the background thread has finished (and posted its wake-up, if it did).
    private let finished = DispatchSemaphore(value: 0)
    /// How long `stop` waits for the thread before the window goes on closing.
    static let stopWait = 2.0

    init(request: FileRequest, programs: [Program]) {
        self.request = request
        self.programs = programs
    }

    /// The outcome once the chooser has finished; nil while it runs.
    var outcome: Outcome? { lock.withLock { result } }

    /// Runs the programs in turn on a background thread until one answers.
    /// Once stopped, the thread no longer calls GLFW (the window may be gone).
    func start() {
        Thread.detachNewThread { [self] in
            let done = runPrograms()
            let wake = lock.withLock { result = done; return !stopped }
            if wake { glfwPostEmptyEvent() }
            finished.signal()
        }
    }

    /// Closes the chooser's window: its program is terminated and no other is started. With
    /// `waiting` (the app is quitting) it waits up to `stopWait` seconds for the thread, so GLFW is
    /// never called from it while or after GLFW terminates.
    func stop(waiting: Bool = true) {
        lock.withLock {
            stopped = true
            if let p = running, p.isRunning { p.terminate() }
        }
        if waiting { _ = finished.wait(timeout: .now() + FileChooser.stopWait) }
    }

    private func runPrograms() -> Outcome {
        var problems: [String] = []
        for program in programs {
            if lock.withLock({ stopped }) { return .cancelled }
            let started: (Process) -> Bool = { p in self.lock.withLock { self.running = p; return !self.stopped } }
            switch FileChooser.run(program, arguments: FileChooser.arguments(program.kind, request), started: started) {
            case .success(let answer): return answer
            case .failure(let problem): problems.append(problem.message)
            }
        }
        return .unavailable(problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// Why a chooser program gave no answer.
    struct Failure: Error { var message: String }

    /// Runs `program`: status 0 with a line on standard output is a choice, status 1 (or an empty
    /// answer) a cancel, anything else a failure.
    /// `started` is told the process once it runs; false terminates it at once.
    static func run(_ program: Program, arguments: [String], started: (Process) -> Bool = { _ in true }) -> Result<Outcome, Failure> {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program.path)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch {
            return .failure(Failure(message: "\(program.path) could not be started (\(error.localizedDescription))"))
        }
        if !started(p) { p.terminate() }
        let errors = ReadAll(err.fileHandleForReading), output = ReadAll(out.fileHandleForReading)
        p.waitUntilExit()
        // Once it has exited, a process it left holding the pipes is waited for at most a second.
        // (Foundation's Process itself reports the exit only once such a process has gone too; a
        // second request replaces a chooser stuck so.)
        let answer = output.text(within: 1).split(separator: "\n").first.map(String.init) ?? ""
        switch p.terminationStatus {
        case 0: return .success(answer.isEmpty ? .cancelled : .chosen(answer))
        case 1: return .success(.cancelled)
        default:
            let why = errors.text(within: 1).split(separator: "\n").last.map(String.init) ?? ""
            return .failure(Failure(message: "\(PathText.short(program.path)) exited with status \(p.terminationStatus)"
                                    + (why.isEmpty ? "" : " (\(why))")))
        }
    }

    /// The command-line arguments for `kind`.
    static func arguments(_ kind: Program.Kind, _ r: FileRequest) -> [String] {
        switch kind {
        case .zenity:
            var args = ["--file-selection", "--title=\(r.purpose.title)", "--filename=\(r.suggestion)"]
            if r.purpose.isSave { args += ["--save", "--confirm-overwrite"] }
            switch r.purpose {
            case .open: args += ["--file-filter=Scrawl documents or PNG pictures | *.scrawl *.png", "--file-filter=All files | *"]
            case .insertImage: args += ["--file-filter=PNG pictures | *.png", "--file-filter=All files | *"]
            case .saveAs: args += ["--file-filter=Scrawl documents | *.scrawl"]
            case .export: args += ["--file-filter=PNG or SVG | *.png *.svg"]
            }
            return args
        case .kdialog:
            let filter: String
            switch r.purpose {
            case .open: filter = "*.scrawl *.png|Scrawl documents or PNG pictures"
            case .saveAs: filter = "*.scrawl|Scrawl documents"
            case .insertImage: filter = "*.png|PNG pictures"
            case .export: filter = "*.png *.svg|PNG or SVG"
            }
            return ["--title", r.purpose.title, r.purpose.isSave ? "--getsavefilename" : "--getopenfilename", r.suggestion, filter]
        }
    }

    /// The choosers to try, in order: `SCRAWL_FILE_CHOOSER` (`zenity`, `kdialog` or `prompt`) when
    /// set, else zenity and kdialog as found on `PATH`. Empty means the in-window prompt.
    static func programs(environment: [String: String]) -> [Program] {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        func find(_ name: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        var kinds: [(Program.Kind, String)] = [(.zenity, "zenity"), (.kdialog, "kdialog")]
        switch environment["SCRAWL_FILE_CHOOSER"] ?? "" {
        case "prompt": return []
        case "zenity": kinds = [(.zenity, "zenity")]
        case "kdialog": kinds = [(.kdialog, "kdialog")]
        default: break
        }
        return kinds.compactMap { kind, name in find(name).map { Program(kind: kind, path: $0) } }
    }
}

/// Reads a pipe to its end on a background thread (so a chatty child never blocks on a full pipe).
private final class ReadAll: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let d = handle.availableData
                if d.isEmpty { break }
                lock.withLock { data.append(d) }
            }
            done.signal()
        }
    }

    /// Everything read once the pipe has closed, or what was read within `seconds` if it stays open.
    func text(within seconds: Double) -> String {
        _ = done.wait(timeout: .now() + seconds)
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
