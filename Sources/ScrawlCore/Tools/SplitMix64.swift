/// SplitMix64, the generator behind every random choice in Scrawl (repeatable from a replay's seed).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An opaque colour from one output: red, green, blue from its three most significant bytes.
    public mutating func nextColor() -> Color {
        let v = next()
        return Color(r: UInt8(truncatingIfNeeded: v >> 56), g: UInt8(truncatingIfNeeded: v >> 48),
                     b: UInt8(truncatingIfNeeded: v >> 40))
    }
}
