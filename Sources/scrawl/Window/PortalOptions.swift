import CGio
import Foundation

/// The parameters of the portal's `OpenFile` and `SaveFile` calls, `(ssa{sv})`: the parent window
/// (`x11:XID`, or empty), the dialog's title and the options: `handle_token`, `modal`,
/// `accept_label`, `filters` (`a(sa(us))`, glob patterns), `current_folder` (a NUL-terminated
/// byte string) and, for saving, `current_name` (the suggested file name).
enum PortalOptions {
    static func parameters(_ request: FileRequest, token: String) -> OpaquePointer {
        var entries: [(String, OpaquePointer)] = [
            ("handle_token", g_variant_new_string(token)),
            ("modal", g_variant_new_boolean(1)),
            ("accept_label", g_variant_new_string(request.purpose.acceptLabel)),
            ("filters", filters(request.purpose.filters)),
        ]
        let (folder, name) = split(request.suggestion)
        if !folder.isEmpty { entries.append(("current_folder", g_variant_new_bytestring(folder))) }
        if request.purpose.isSave, !name.isEmpty { entries.append(("current_name", g_variant_new_string(name))) }
        let options = g_variant_builder_new(type("a{sv}"))
        for (key, value) in entries {
            g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        return tuple([g_variant_new_string(request.parentWindow), g_variant_new_string(request.purpose.title),
                      g_variant_builder_end(options)])
    }

    /// The suggestion's folder and file name (a suggestion ending in `/` is a folder alone).
    static func split(_ suggestion: String) -> (folder: String, name: String) {
        if suggestion.hasSuffix("/") { return (String(suggestion.dropLast()).isEmpty ? "/" : String(suggestion.dropLast()), "") }
        let ns = suggestion as NSString
        return (ns.deletingLastPathComponent, ns.lastPathComponent)
    }

    /// `a(sa(us))`: each filter's name and its glob patterns (type 0).
    static func filters(_ list: [FileFilter]) -> OpaquePointer {
        let all = g_variant_builder_new(type("a(sa(us))"))
        for filter in list {
            let patterns = g_variant_builder_new(type("a(us)"))
            for glob in filter.patterns {
                g_variant_builder_add_value(patterns, tuple([g_variant_new_uint32(0), g_variant_new_string(glob)]))
            }
            g_variant_builder_add_value(all, tuple([g_variant_new_string(filter.name), g_variant_builder_end(patterns)]))
            g_variant_builder_unref(patterns)
        }
        defer { g_variant_builder_unref(all) }
        return g_variant_builder_end(all)
    }

    /// A tuple of `children` (floating references, taken by the tuple).
    static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        let optional: [OpaquePointer?] = children
        return optional.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// A GVariant type from its text, made once per text for the life of the process (the few
    /// constant types the calls use; GLib copies a type where it keeps it).
    static func type(_ text: String) -> OpaquePointer {
        typesLock.withLock {
            if let made = types[text] { return made }
            let made = g_variant_type_new(text)!
            types[text] = made
            return made
        }
    }

    private static let typesLock = NSLock()
    nonisolated(unsafe) private static var types: [String: OpaquePointer] = [:]
}

/// Reading what the portal sends back.
enum PortalVariant {
    /// The string (or object path) that is child `i` of a tuple.
    static func string(_ tuple: OpaquePointer, child i: Int) -> String? {
        guard g_variant_n_children(tuple) > i, let child = g_variant_get_child_value(tuple, gsize(i)) else { return nil }
        defer { g_variant_unref(child) }
        return g_variant_get_string(child, nil).map { String(cString: $0) }
    }

    /// `Response`'s `(ua{sv})`: the code and the `uris` of the results (none when absent).
    static func response(_ parameters: OpaquePointer) -> (UInt32, [String])? {
        guard g_variant_is_of_type(parameters, PortalOptions.type("(ua{sv})")) != 0 else { return (2, []) }
        let code = g_variant_get_child_value(parameters, 0)
        let results = g_variant_get_child_value(parameters, 1)
        defer { g_variant_unref(code); g_variant_unref(results) }
        var uris: [String] = []
        if let value = g_variant_lookup_value(results, "uris", PortalOptions.type("as")) {
            var count: gsize = 0
            if let strings = g_variant_get_strv(value, &count) {
                uris = (0..<Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
                g_free(strings)
            }
            g_variant_unref(value)
        }
        return (g_variant_get_uint32(code), uris)
    }
}
