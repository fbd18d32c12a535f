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
        case .export(let transparent): return transparent ? "Export (transparent PNG or PDF)" : "Export PNG, SVG or PDF"
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

    /// The dialog's button.
    var acceptLabel: String {
        switch self {
        case .open: return "Open"
        case .insertImage: return "Insert"
        case .saveAs: return "Save"
        case .export: return "Export"
        }
    }

    /// The file types a chooser offers, the first chosen at first.
    var filters: [FileFilter] {
        switch self {
        case .open: return [FileFilter(name: "Scrawl documents or PNG pictures", patterns: ["*.scrawl", "*.png"]), FileFilter(name: "All files", patterns: ["*"])]
        case .insertImage: return [FileFilter(name: "PNG pictures", patterns: ["*.png"]), FileFilter(name: "All files", patterns: ["*"])]
        case .saveAs: return [FileFilter(name: "Scrawl documents", patterns: ["*.scrawl"])]
        case .export: return [FileFilter(name: "PNG, SVG or PDF", patterns: ["*.png", "*.svg", "*.pdf"])]
        }
    }
}

/// A named set of glob patterns a chooser shows files by.
struct FileFilter: Equatable {
    var name: String
    var patterns: [String]
}

/// A file chooser request: what for, the suggested path (a folder ending in `/` for Open) and the
/// window the dialog belongs to (`x11:XID` for the portal; empty when unknown).
struct FileRequest {
    var purpose: FilePurpose
    var suggestion: String
    var parentWindow = ""
}

/// An external file chooser, run on its own thread so the window keeps drawing: the XDG desktop
/// portal (`PortalCall`, over D-Bus), else zenity or kdialog as a child process. The run loop
/// polls `outcome` (the thread wakes it with an empty GLFW event).
final class FileChooser: @unchecked Sendable {
    /// How a chooser ended.
    enum Outcome: Equatable {
        case chosen(String)
        case cancelled
        /// No external chooser could be run (none installed, or each failed): use the in-window prompt.
        case unavailable(String?)
    }

    /// An external chooser and how it is called: a program's path, or the session bus's address
    /// for the portal.
    struct Program: Equatable {
        enum Kind: Equatable { case portal, zenity, kdialog }
        var kind: Kind
        var path: String
    }

    let request: FileRequest
    private let programs: [Program]
    private let lock = NSLock()
    private var result: Outcome?
    /// The chooser program or portal call running now, and whether the window has gone (then no
    /// other is started).
    private var running: Process?
    private var portal: PortalCall?
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
            portal?.stop()
        }
        if waiting { _ = finished.wait(timeout: .now() + FileChooser.stopWait) }
    }

    private func runPrograms() -> Outcome {
        var problems: [String] = []
        for program in programs {
            if lock.withLock({ stopped }) { return .cancelled }
            let result: Result<Outcome, Failure>
            if program.kind == .portal {
                let call = PortalCall()
                lock.withLock { portal = call }
                result = call.run(request, address: program.path)
                lock.withLock { portal = nil }
            } else {
                let started: (Process) -> Bool = { p in self.lock.withLock { self.running = p; return !self.stopped } }
                result = FileChooser.run(program, arguments: FileChooser.arguments(program.kind, request), started: started)
            }
            switch result {
            case .success(let answer): return answer
            case .failure(let problem): if !problem.quiet { problems.append(problem.message) }
            }
        }
        return .unavailable(problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// Why a chooser gave no answer; a quiet one (no portal on the bus) is not worth saying.
    struct Failure: Error {
        var message: String
        var quiet = false
    }

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
    /// The command-line arguments for `kind` (zenity or kdialog).
    static func arguments(_ kind: Program.Kind, _ r: FileRequest) -> [String] {
        switch kind {
        case .portal: return []
        case .zenity:
            var args = ["--file-selection", "--title=\(r.purpose.title)", "--filename=\(r.suggestion)"]
            if r.purpose.isSave { args += ["--save", "--confirm-overwrite"] }
            return args + r.purpose.filters.map { "--file-filter=\($0.name) | " + $0.patterns.joined(separator: " ") }
        case .kdialog:
            let filter = r.purpose.filters.map { $0.patterns.joined(separator: " ") + "|" + $0.name }.joined(separator: "\n")
            return ["--title", r.purpose.title, r.purpose.isSave ? "--getsavefilename" : "--getopenfilename", r.suggestion, filter]
        }
    }

    /// The choosers to try, in order: `SCRAWL_FILE_CHOOSER` (`portal`, `zenity`, `kdialog` or
    /// `prompt`) when set, else the desktop portal when there is a session bus, then zenity and
    /// kdialog as found on `PATH`. Empty means the in-window prompt.
    static func programs(environment: [String: String]) -> [Program] {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        func find(_ name: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        var portal = PortalCall.busAddress(environment: environment).map { [Program(kind: .portal, path: $0)] } ?? []
        var kinds: [(Program.Kind, String)] = [(.zenity, "zenity"), (.kdialog, "kdialog")]
        switch environment["SCRAWL_FILE_CHOOSER"] ?? "" {
        case "prompt": return []
        case "portal": kinds = []
        case "zenity": portal = []; kinds = [(.zenity, "zenity")]
        case "kdialog": portal = []; kinds = [(.kdialog, "kdialog")]
        default: break
        }
        return portal + kinds.compactMap { kind, name in find(name).map { Program(kind: kind, path: $0) } }
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
