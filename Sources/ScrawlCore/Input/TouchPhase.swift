/// The phase of a touch within one input event (UIKit's `UITouch.Phase`).
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}
