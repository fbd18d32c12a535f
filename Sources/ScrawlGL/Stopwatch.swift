import Foundation

/// Wall-clock seconds from a monotonic clock, for phase timings and the benchmark (never for tests).
public struct Stopwatch: Sendable {
    private var start = DispatchTime.now().uptimeNanoseconds

    public init() {}

    /// Seconds since the stopwatch was made or last restarted.
    public var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Returns the seconds so far and starts again.
    public mutating func lap() -> Double {
        let s = seconds
        start = DispatchTime.now().uptimeNanoseconds
        return s
    }

    /// Runs `body`, adding its duration to `total`.
    public static func time<T>(_ total: inout Double, _ body: () throws -> T) rethrows -> T {
        let w = Stopwatch()
        defer { total += w.seconds }
        return try body()
    }
}
