#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrawlCore

/// The settings file, `$XDG_CONFIG_HOME/scrawl/settings.json` (default `~/.config/scrawl/`): read at
/// start, replaced atomically when the settings change. A missing file gives the defaults; a broken
/// one gives the defaults and a message, and is kept beside as `settings.json.broken`.
public struct SettingsFile: Sendable {
    /// Files larger than this are not settings (1 MiB).
    public static let maxSize = 1 << 20
    public let path: String

    public init(path: String) { self.path = path }

    /// The standard place for `environment`.
    public init(environment: [String: String]) {
        path = PosixIO.join(PosixIO.join(XDGPaths.configDirectory(environment: environment), "scrawl"), "settings.json")
    }

    /// What reading the file gave: the settings, and a message when something in it was not usable.
    public struct Loaded: Sendable {
        public var settings: SavedSettings
        /// One line for the user (standard error, a toast), or nil when the file was fine or missing.
        public var problem: String?
        /// The whole file was unusable (and the defaults are in use).
        public var isBroken: Bool
        /// Whether writing settings may replace the file: false when it exists but could not be read.
        public var mayReplace = true
        /// There was no file: Scrawl has not kept settings here before (its first start).
        public var wasMissing = false
    }

    /// Reads the settings; never fails: a missing file is the defaults, a broken one the defaults
    /// and a message (its contents are kept in `settings.json.broken` when they can be).
    public func load() -> Loaded {
        let bytes: [UInt8]
        switch PosixIO.readFile(path, limit: SettingsFile.maxSize) {
        case .success(let b): bytes = b
        case .failure(.tooLarge(let size)):
            return broken("it is \(size) bytes, more than settings can be")
        case .failure(.system(let reason)):
            if !PosixIO.exists(path) { return Loaded(settings: SavedSettings(), problem: nil, isBroken: false, wasMissing: true) }
            return Loaded(settings: SavedSettings(), problem: "settings \(PathText.short(path)) could not be read (\(reason)); "
                          + "using the defaults, and not saving settings this time", isBroken: false, mayReplace: false)
        }
        do {
            let (settings, problems) = try SettingsCoding.decode(bytes)
            let problem = problems.isEmpty ? nil
                : "settings \(PathText.short(path)): ignored " + problems.joined(separator: "; ")
            return Loaded(settings: settings, problem: problem, isBroken: false)
        } catch {
            return broken(error.reason)
        }
    }

    /// The defaults, a message, and the broken file moved aside to `settings.json.broken` (renamed,
    /// so it is kept whole whatever its size). When it cannot be moved, it is not replaced either.
    private func broken(_ reason: String) -> Loaded {
        let moved = rename(path, path + ".broken") == 0
        let kept = moved ? " (kept as \(PathText.name(path + ".broken")))"
            : " (it could not be moved aside, so it is left as it is and settings are not saved this time)"
        return Loaded(settings: SavedSettings(),
                      problem: "settings \(PathText.short(path)) are broken (\(reason)); using the defaults\(kept)", isBroken: true,
                      mayReplace: moved)
    }

    /// Writes `settings` atomically, creating the folder when needed.
    public func save(_ settings: SavedSettings) throws(SaveError) {
        let folder = PosixIO.parentFolder(of: path)
        if let code = PosixIO.makeFolders(folder) {
            throw SaveError(path: path, reason: "\(PosixIO.reason(code)) (creating \(PathText.short(folder)))")
        }
        do {
            try AtomicFile.write(SettingsCoding.encode(settings), to: path, mode: 0o600)
        } catch {
            if !error.fileIsInPlace { throw error }
        }
    }
}
