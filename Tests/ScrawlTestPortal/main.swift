import CGio
import Foundation

// A stand-in for the XDG desktop portal's file chooser, for the window tests: it owns
// `org.freedesktop.portal.Desktop` on the session bus it is started on (the tests' own
// `dbus-daemon`) and serves `org.freedesktop.portal.FileChooser.OpenFile` and `SaveFile` as the
// portal does: each call gets a request object at
// /org/freedesktop/portal/desktop/request/SENDER/TOKEN, answered by its `Response` signal.
//
//     ScrawlTestPortal LOG ANSWER
//
// Each call appends a line to LOG: the method and its parameters as GLib prints them
// (`SaveFile\t('x11:…', 'Save as', {'handle_token': <'…'>, …})`), and `Close\tPATH` when the
// client closes a request. How a call is answered is the first line of ANSWER, read at the call:
// `uri URI` (response 0 with that URI), `cancel` (response 1), `other` (response 2), `hang` (no
// response until the client closes the request) or `error` (the call fails with a D-Bus error).
// It prints `ready` once it owns the name.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ScrawlTestPortal LOG ANSWER\n".utf8))
    exit(2)
}
let logPath = arguments[1], answerPath = arguments[2]

func log(_ line: String) {
    let handle = FileHandle(forWritingAtPath: logPath) ?? {
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        return FileHandle(forWritingAtPath: logPath)!
    }()
    handle.seekToEndOfFile()
    handle.write(Data((line + "\n").utf8))
    handle.closeFile()
}

func fail(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> Never {
    let why = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
    FileHandle.standardError.write(Data("ScrawlTestPortal: \(what): \(why)\n".utf8))
    exit(1)
}

func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
    children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
}

let chooserXML = """
    <node><interface name="org.freedesktop.portal.FileChooser">
    <method name="OpenFile"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
    <method name="SaveFile"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
    </interface></node>
    """
let requestXML = """
    <node><interface name="org.freedesktop.portal.Request"><method name="Close"/>
    <signal name="Response"><arg type="u"/><arg type="a{sv}"/></signal></interface></node>
    """

func interface(_ xml: String) -> UnsafeMutablePointer<GDBusInterfaceInfo> {
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(xml, &error), let info = node.pointee.interfaces[0] else { fail("introspection", error) }
    return info
}

let chooserInterface = interface(chooserXML), requestInterface = interface(requestXML)
/// The request objects not yet closed: their registration ids by path.
var requests: [String: guint] = [:]

let padding: (gpointer?, gpointer?, gpointer?, gpointer?, gpointer?, gpointer?, gpointer?, gpointer?) = (nil, nil, nil, nil, nil, nil, nil, nil)

var requestTable = GDBusInterfaceVTable(
    method_call: { connection, _, path, _, _, _, invocation, _ in
        let p = String(cString: path!)
        log("Close\t\(p)")
        if let id = requests.removeValue(forKey: p) { g_dbus_connection_unregister_object(connection, id) }
        g_dbus_method_invocation_return_value(invocation, nil)
    }, get_property: nil, set_property: nil, padding: padding)

var chooserTable = GDBusInterfaceVTable(
    method_call: { connection, sender, _, _, method, parameters, invocation, _ in
        answer(connection!, sender: String(cString: sender!), method: String(cString: method!), parameters!, invocation!)
    }, get_property: nil, set_property: nil, padding: padding)

/// One OpenFile or SaveFile call: logged, given its request object, answered as ANSWER says.
func answer(_ connection: OpaquePointer, sender: String, method: String,
            _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
    let printed = g_variant_print(parameters, 1).map { p -> String in defer { g_free(p) }; return String(cString: p) } ?? ""
    log("\(method)\t\(printed)")
    let line = ((try? String(contentsOfFile: answerPath, encoding: .utf8)) ?? "").split(separator: "\n").first.map(String.init) ?? "cancel"
    if line == "error" {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", "the test portal was told to fail")
        return
    }
    let options = g_variant_get_child_value(parameters, 2)
    var token = "t"
    if let value = g_variant_lookup_value(options, "handle_token", g_variant_type_new("s")) {
        token = String(cString: g_variant_get_string(value, nil))
        g_variant_unref(value)
    }
    g_variant_unref(options)
    let path = "/org/freedesktop/portal/desktop/request/" + sender.dropFirst().replacingOccurrences(of: ".", with: "_") + "/" + token
    var error: UnsafeMutablePointer<GError>?
    let id = g_dbus_connection_register_object(connection, path, requestInterface, &requestTable, nil, nil, &error)
    if id == 0 { fail("register \(path)", error) }
    requests[path] = id
    g_dbus_method_invocation_return_value(invocation, tuple([g_variant_new_object_path(path)]))
    let results = g_variant_builder_new(g_variant_type_new("a{sv}"))
    let code: UInt32
    switch line {
    case "hang": return
    case "other": code = 2
    case _ where line.hasPrefix("uri "):
        code = 0
        let uri = String(line.dropFirst(4))
        let uris = uri.withCString { c -> OpaquePointer in
            var list: [UnsafePointer<gchar>?] = [c]
            return g_variant_new_strv(&list, 1)
        }
        g_variant_builder_add_value(results, g_variant_new_dict_entry(g_variant_new_string("uris"), g_variant_new_variant(uris)))
    default: code = 1
    }
    let signal = tuple([g_variant_new_uint32(code), g_variant_builder_end(results)])
    g_variant_builder_unref(results)
    if g_dbus_connection_emit_signal(connection, sender, path, "org.freedesktop.portal.Request", "Response", signal, &error) == 0 {
        fail("emit Response", error)
    }
    if let id = requests.removeValue(forKey: path) { g_dbus_connection_unregister_object(connection, id) }
}

var error: UnsafeMutablePointer<GError>?
guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { fail("connect to the session bus", error) }
if g_dbus_connection_register_object(bus, "/org/freedesktop/portal/desktop", chooserInterface, &chooserTable, nil, nil, &error) == 0 {
    fail("register the file chooser", error)
}
// RequestName with DO_NOT_QUEUE (4): 1 means this process owns the name now.
guard let owned = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                              "RequestName", tuple([g_variant_new_string("org.freedesktop.portal.Desktop"),
                                                                    g_variant_new_uint32(4)]),
                                              g_variant_type_new("(u)"), G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
    fail("own org.freedesktop.portal.Desktop", error)
}
let reply = g_variant_get_child_value(owned, 0)
guard g_variant_get_uint32(reply) == 1 else { fail("own org.freedesktop.portal.Desktop (taken)", nil) }
print("ready")
fflush(stdout)
g_main_loop_run(g_main_loop_new(nil, 0))
