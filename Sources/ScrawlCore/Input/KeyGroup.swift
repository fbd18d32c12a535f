/// The sections of the key table, in the order help shows them.
public enum KeyGroup: String, CaseIterable, Hashable, Sendable {
    case tools
    case colours
    case widthAndOpacity = "width and opacity"
    case edit
    case layers
    case viewAndWindow = "view/window"
    case files

    /// The heading help shows, e.g. "Width and opacity".
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
