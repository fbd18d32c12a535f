import Foundation
import ScrawlCore
import ScrawlStorage

/// Where a session keeps and saves files, resolved from an explicit environment (never read from the
/// process inside the session), so tests point every folder at a temporary one.
public struct SessionEnvironment: Sendable {
    /// The environment variables the folders come from (`HOME`, `XDG_STATE_HOME`, `XDG_PICTURES_DIR`,
    /// `XDG_CONFIG_HOME`, `TMPDIR`).
    public var variables: [String: String]
    /// The clock that names new files.
    public var now: @Sendable () -> Date

    public init(variables: [String: String], now: @escaping @Sendable () -> Date = { Date() }) {
        self.variables = variables
        self.now = now
    }

    /// The process's own environment (what the app uses).
    public static var process: SessionEnvironment { SessionEnvironment(variables: ProcessInfo.processInfo.environment) }

    /// The autosave folder, `$XDG_STATE_HOME/scrawl`.
    public var stateDirectory: String { XDGPaths.stateDirectory(environment: variables) }

    /// The home folder, for `~` in messages and as a quit's fallback folder.
    public var homeDirectory: String { XDGPaths.homeDirectory(environment: variables) }

    /// A new file in the pictures folder, named by date and time (where ctrl+s saves untitled drawings).
    public func defaultSavePath() -> String {
        DocumentStore.standard.defaultSavePath(environment: variables, date: now())
    }

    /// A new file in `folder`, named as `defaultSavePath` names it.
    public func newFilePath(in folder: String) -> String {
        DocumentStore.standard.newFilePath(in: folder, date: now())
    }

    /// Folders a quit falls back on when nothing else worked: home, then temporary.
    public var fallbackFolders: [String] {
        let temp = variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return [homeDirectory, temp]
    }

    /// `path` with the home folder shown as `~`, for messages in the window.
    public func homeRelative(_ path: String) -> String {
        let home = variables["HOME"] ?? ""
        guard !home.isEmpty, path.hasPrefix(home + "/") else { return PathText.short(path) }
        return "~" + PathText.short(String(path.dropFirst(home.count)))
    }
}
