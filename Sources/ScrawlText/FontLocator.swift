import CFontconfig
import Foundation

/// Finds font files with fontconfig.
public enum FontLocator {
    /// The file Debian's fonts-dejavu-core installs, used when fontconfig finds nothing.
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The path of the font fontconfig matches for "sans-serif" (after the system's substitutions),
    /// falling back to `dejaVuSansPath`; nil when neither names an existing file.
    public static func sansSerif() -> String? {
        if let path = match("sans-serif"), FileManager.default.isReadableFile(atPath: path) { return path }
        return FileManager.default.isReadableFile(atPath: dejaVuSansPath) ? dejaVuSansPath : nil
    }

    /// The file of fontconfig's best match for the pattern `name` (e.g. "sans-serif", "DejaVu Sans:bold"),
    /// or nil when fontconfig cannot be set up or matches nothing.
    public static func match(_ name: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = name.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }) else {
            return nil
        }
        defer { FcPatternDestroy(pattern) }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }
}

extension FontLocator {
    /// The font files fontconfig sorts for "sans-serif", best first (the fallbacks for characters
    /// the default font lacks); empty when fontconfig cannot be set up.
    public static func sansSerifFallbacks() -> [String] {
        guard let config = FcInitLoadConfigAndFonts() else { return [] }
        defer { FcConfigDestroy(config) }
        guard let pattern = "sans-serif".withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }) else {
            return []
        }
        defer { FcPatternDestroy(pattern) }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return [] }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var paths: [String] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            if let path = string(font, FC_FILE) { paths.append(path) }
        }
        return paths
    }

    /// The file of fontconfig's match for `family` when the match really is that family (fontconfig
    /// answers every name with its best substitute); nil otherwise.
    public static func file(ofFamily family: String) -> String? {
        guard !family.contains(":"), let path = match(family),
              let font = try? OutlineFont(path: path), font.familyName.lowercased() == family.lowercased() else { return nil }
        return path
    }

    private static func string(_ pattern: OpaquePointer, _ key: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }
}
