/// A JSON syntax error with the 1-based line and column (in Unicode scalars) where it was found.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public var column: Int
    /// A short description such as `expected ',' or '}'`.
    public var message: String
    /// The byte offset of the problem in the input.
    public var offset: Int
    /// True when the input ended in the middle of a value (a truncated file).
    public var isEndOfInput: Bool

    /// Creates an error at a line and column.
    public init(line: Int, column: Int, message: String, offset: Int = 0, isEndOfInput: Bool = false) {
        self.line = line
        self.column = column
        self.message = message
        self.offset = offset
        self.isEndOfInput = isEndOfInput
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }

    /// The 1-based line and column of byte `offset` in `bytes`.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
