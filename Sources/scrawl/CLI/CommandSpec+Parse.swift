import ScrawlCore

extension CommandSpec {
    /// Reads `args` through this table, in this order: each option's value, checked by its kind
    /// (in the table's order); alternatives and exclusions; anything else that looks like an
    /// option, named as unknown; the operands' count; the required options (an empty value is a missing one).
    func parse(_ args: Arguments) throws -> ParsedCommand {
        var args = args
        var parsed = ParsedCommand(spec: self)
        for option in options {
            if let value = try option.read(&args) { parsed.values[option.key] = value }
        }
        try checkExclusions(parsed)
        parsed.operands = try args.positionals()
        guard operands.count.contains(parsed.operands.count) else { throw UsageError(message: operands.wrongCount) }
        if let missing = options.first(where: { $0.requiredMessage != nil && [nil, .text("")].contains(parsed.values[$0.key]) }) {
            throw UsageError(message: missing.requiredMessage!)
        }
        return parsed
    }

    /// Refuses two alternatives given together ("--view and --fit cannot be combined: give at most
    /// one of --view, --fit"), then an option given with one it excludes for a reason.
    func checkExclusions(_ parsed: ParsedCommand) throws {
        let given = options.filter { parsed.values[$0.key] != nil }
        for option in given where option.excludeReason == nil && !option.excludes.isEmpty {
            let group = alternatives(of: option)
            let clashing = given.filter { group.contains($0.key) }
            guard clashing.count > 1 else { continue }
            throw UsageError(message: "\(clashing.map(\.key).joined(separator: " and ")) cannot be combined: "
                             + "give at most one of \(group.joined(separator: ", "))")
        }
        for option in given {
            guard let reason = option.excludeReason,
                  let other = given.first(where: { option.excludes.contains($0.key) }) else { continue }
            throw UsageError(message: "\(option.key) cannot be combined with \(other.key): \(reason)")
        }
    }

    /// The long names of `option` and its alternatives, in the table's order.
    func alternatives(of option: OptionSpec) -> [String] {
        options.map(\.key).filter { $0 == option.key || option.excludes.contains($0) }
    }
}

extension OptionSpec {
    /// Removes this option from `args` and returns its value checked by its kind (the last one
    /// when it is given twice), or nil when it is not there.
    func read(_ args: inout Arguments) throws -> OptionValue? {
        if case .flag = value { return args.flag(names) ? .present : nil }
        guard let text = try args.option(names) else { return nil }
        switch value {
        case .flag:
            return .present
        case .text:
            return .text(text)
        case .number(_, let range, _):
            guard let v = Double(text), v.isFinite, range.contains(v) else {
                throw UsageError(message: "\(key) must be a number in \(range.lowerBound)...\(range.upperBound), not \(PathText.short(text))")
            }
            return .number(v)
        case .rectangle:
            return .rectangle(try RenderRegion.parseView(text))
        case .windowSize:
            let (w, h) = try RenderRegion.parseWindow(text)
            return .windowSize(width: w, height: h)
        }
    }
}
