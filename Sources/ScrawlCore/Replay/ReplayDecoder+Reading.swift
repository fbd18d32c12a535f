/// The keys seen in one object: known fields as bits, others in a set (for duplicate checks).
struct MemberSet {
    private var known: UInt32 = 0
    private var others: JSONKeySet? = nil

    func contains(_ field: Int) -> Bool { known & (1 << UInt32(field)) != 0 }

    /// Adds a known field (by index) or another key; false when already present.
    mutating func insert(_ field: Int?, key: [UInt8]) -> Bool {
        if let field {
            defer { known |= 1 << UInt32(field) }
            return !contains(field)
        }
        if others == nil { others = JSONKeySet() }
        return others?.insert(key) ?? false
    }
}

/// The reader operations, with syntax errors turned into `ReplayError.invalidJSON`.
extension ReplayDecoder {
    /// Field names as bytes, for `readMember`.
    static func names(_ list: [String]) -> [[UInt8]] { list.map { Array($0.utf8) } }

    /// Remembers a syntax error and converts it.
    mutating func fail(_ error: JSONError) -> ReplayError {
        lastSyntaxError = error
        return .invalidJSON(line: error.line, column: error.column, message: error.message)
    }

    /// Reads a member key and `:`; returns its index in `names` (nil when unknown).
    /// A key repeated in one object is invalid JSON.
    mutating func readMember(_ names: [[UInt8]], _ seen: inout MemberSet) throws(ReplayError) -> Int? {
        _ = reader.skipWhitespace()
        let at = reader.offset
        let raw: Range<Int>?
        do { raw = try reader.readKeyRange(decodingInto: &key) } catch { throw fail(error) }
        var field: Int? = nil
        if let raw {
            // No escapes (the usual case): match the key where it lies, copy it only when needed.
            for i in names.indices where reader.bytes(in: raw, equal: names[i]) {
                field = i
                break
            }
            if field == nil || seen.contains(field!) { key.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[raw])) }
        } else {
            for i in names.indices where names[i].count == key.count && names[i] == key {
                field = i
                break
            }
        }
        guard seen.insert(field, key: key) else { throw fail(reader.duplicateKey(key, at: at)) }
        return field
    }

    /// Reads a string value and returns its index in `names`; when it is none of them (nil), the
    /// decoded string is in `text`.
    mutating func readString(matching names: [[UInt8]]) throws(ReplayError) -> Int? {
        text.removeAll(keepingCapacity: true)
        let raw: Range<Int>?
        do { raw = try reader.scanString(decodingInto: &text) } catch { throw fail(error) }
        if let raw {
            for i in names.indices where reader.bytes(in: raw, equal: names[i]) { return i }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[raw]))
            return nil
        }
        for i in names.indices where names[i] == text { return i }
        return nil
    }

    mutating func peek() throws(ReplayError) -> JSONReader.Kind {
        do { return try reader.peek() } catch { throw fail(error) }
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
