import Foundation
import ScrawlCore
import ScrawlText

/// The text shaper the window and `scrawl render` give their editor: FreeType's outlines of
/// fontconfig's default sans-serif and its fallbacks, or boxes when no font can be found at all
/// (`found` false: the caller says so once).
public enum SystemTextShaper {
    public static func make() -> (shaper: TextShaper, found: Bool) {
        if let outliner = FontOutliner.systemDefault() { return (outliner, true) }
        return (BoxShaper(), false)
    }

    /// The shaper, saying `noFontMessage` on standard error when there is no font.
    public static func makeSayingWhenMissing() -> TextShaper {
        let made = make()
        if !made.found { FileHandle.standardError.write(Data(("scrawl: " + noFontMessage + "\n").utf8)) }
        return made.shaper
    }

    /// The message for a system without any font.
    public static let noFontMessage = "No font found (fontconfig matched no sans-serif and DejaVu Sans is missing): text is drawn as boxes"
}
