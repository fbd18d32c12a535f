/// The keys seen in one object: known fields as bits, others in a set (for duplicate checks).
struct MemberSet {
    private var known: UInt32 = 0
    private var others: JSONKeySet? = nil

    func contains<F: ReplayField>(_ field: F) -> Bool { known & (1 << UInt32(field.rawValue)) != 0 }

    /// Adds a known field; false when already present.
    mutating func insert<F: ReplayField>(known field: F) -> Bool {
        defer { known |= 1 << UInt32(field.rawValue) }
        return !contains(field)
    }

    /// Adds any other key; false when already present.
    mutating func insert(other key: [UInt8]) -> Bool {
        if others == nil { others = JSONKeySet() }
        return others?.insert(key) ?? false
    }
}

/// The reader operations, with syntax errors turned into `ReplayError.invalidJSON`.
extension ReplayDecoder {
    /// Whether `bytes` spell `name` exactly.
    @inline(__always)
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        var i = 0
        while i < count {
            guard bytes[i] == name.utf8Start[i] else { return false }
            i += 1
        }
        return true
    }

    /// The bytes of a string read with `readStringRaw`: the input range, or the decoded scratch.
    @inline(__always)
    func withBytes<R>(_ raw: Range<Int>?, _ decoded: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let raw { return body(UnsafeBufferPointer(rebasing: reader.bytes[raw])) }
        return decoded.withUnsafeBufferPointer(body)
    }

    /// Remembers a syntax error and converts it.
    mutating func fail(_ error: JSONError) -> ReplayError {
        lastSyntaxError = error
        return .invalidJSON(line: error.line, column: error.column, message: error.message)
    }

    /// Reads a member key and `:`; returns the field of type `F` it names (nil for other keys).
    /// A key repeated in one object is invalid JSON.
    @inline(__always)
    mutating func readMember<F: ReplayField>(_: F.Type, _ seen: inout MemberSet) throws(ReplayError) -> F? {
        _ = reader.skipWhitespace()
        let at = reader.offset
        let raw: Range<Int>?
        do { raw = try reader.readKeyRaw(decodingInto: &key) } catch { throw fail(error) }
        let field = withBytes(raw, key, F.match)
        let fresh: Bool
        if let field {
            fresh = seen.insert(known: field)
        } else {
            fresh = seen.insert(other: withBytes(raw, key) { Array($0) })
        }
        guard fresh else { throw fail(reader.duplicateKey(withBytes(raw, key) { Array($0) }, at: at)) }
        return field
    }

    mutating func peek() throws(ReplayError) -> JSONReader.Kind {
        do { return try reader.peek() } catch { throw fail(error) }
    }

    /// Throws `problem` unless the next value is of `kind` (or invalid JSON if there is no value).
    @inline(__always)
    mutating func expect(_ kind: JSONReader.Kind, _ problem: @autoclosure () -> ReplayError) throws(ReplayError) {
        let found = reader.peekKind()
        if found == kind { return }
        if found == nil { _ = try peek() }
        throw problem()
    }

    mutating func beginObject() throws(ReplayError) -> Bool {
        do { return try reader.beginObject() } catch { throw fail(error) }
    }

    mutating func beginArray() throws(ReplayError) -> Bool {
        do { return try reader.beginArray() } catch { throw fail(error) }
    }

    mutating func nextMember() throws(ReplayError) -> Bool {
        do { return try reader.nextMember() } catch { throw fail(error) }
    }

    mutating func nextElement() throws(ReplayError) -> Bool {
        do { return try reader.nextElement() } catch { throw fail(error) }
    }

    /// Reads a string value into `text`.
    mutating func readString() throws(ReplayError) {
        do { try reader.readString(into: &text) } catch { throw fail(error) }
    }

    /// Reads a string value without copying: see `JSONReader.readStringRaw` (decodes into `text`).
    mutating func readStringRaw() throws(ReplayError) -> Range<Int>? {
        do { return try reader.readStringRaw(decodingInto: &text) } catch { throw fail(error) }
    }

    mutating func readNumber() throws(ReplayError) -> JSONNumber {
        do { return try reader.readNumber() } catch { throw fail(error) }
    }

    mutating func readBool() throws(ReplayError) -> Bool {
        do { return try reader.readBool() } catch { throw fail(error) }
    }

    mutating func skipValue() throws(ReplayError) {
        do { try reader.skipValue() } catch { throw fail(error) }
    }
}
