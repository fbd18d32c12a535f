import CGio
import Foundation
import ScrawlCore

/// The XDG desktop portal's file chooser (`org.freedesktop.portal.FileChooser` on the session bus),
/// through GIO's GDBus: what GNOME, KDE and sandboxed desktops offer as their own file dialog.
///
/// One call runs on the chooser's background thread, on a D-Bus connection of its own with its own
/// GLib main context, so the window's frame loop never waits for it:
/// 1. connect to the session bus (`busAddress`);
/// 2. subscribe to `org.freedesktop.portal.Request.Response` on the request object the portal will
///    make (`/org/freedesktop/portal/desktop/request/SENDER/TOKEN`, from the connection's unique
///    name and the `handle_token` sent), before calling, so the answer cannot be missed;
/// 3. call `OpenFile` or `SaveFile`; the portal answers at once with the request's object path and
///    shows its dialog. A portal that does not answer the call within `callLimit` seconds (a
///    service that cannot start, a hung bus) is given up, and the next chooser is tried;
/// 4. wait for `Response` (0: the chosen file's URI, 1: cancelled, 2: ended otherwise), however long
///    the user takes, or until the chooser is stopped: then `Request.Close` closes the dialog.
///
/// No session bus, or no portal on it (`ServiceUnknown`, a portal without the FileChooser
/// interface), is not a problem worth a message: the next chooser is tried quietly.
final class PortalCall: @unchecked Sendable {
    /// How long the portal may take to answer the call (not the user: the dialog may stay open).
    static let callLimit = 5.0
    /// How long closing the dialog (`Request.Close`) may take when the chooser is stopped.
    static let closeLimit: Int32 = 1000

    private let lock = NSLock()
    private var stopped = false
    private var context: OpaquePointer?
    private let cancellable = g_cancellable_new()

    deinit { g_object_unref(cancellable) }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when that
    /// socket exists; nil when there is none (GIO's own lookup would start a bus through X11
    /// autolaunch, which a file dialog has no business doing).
    static func busAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        var st = stat()
        guard stat(runtime + "/bus", &st) == 0, st.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    /// Ends the call: a wait for the portal's answer stops (the dialog is closed), a call not yet
    /// answered is cancelled. Any thread.
    func stop() {
        lock.withLock {
            stopped = true
            if let context { g_main_context_wakeup(context) }
        }
        g_cancellable_cancel(cancellable)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Asks the portal at `address` for a file for `request`; blocks the calling thread (never the
    /// window's) until the user answers, the call fails, or `stop` is called (a cancel).
    func run(_ request: FileRequest, address: String) -> Result<FileChooser.Outcome, FileChooser.Failure> {
        let ctx = g_main_context_new()
        g_main_context_push_thread_default(ctx)
        lock.withLock { context = ctx }
        defer {
            lock.withLock { context = nil }
            g_main_context_pop_thread_default(ctx)
            g_main_context_unref(ctx)
        }
        if isStopped { return .success(.cancelled) }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        let watchdog = startWatchdog()
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, cancellable, &error) else {
            watchdog.cancel()
            let why = PortalCall.take(&error)
            if isStopped { return .success(.cancelled) }
            if watchdog.fired { return .failure(FileChooser.Failure(message: "the session bus did not answer within \(Int(PortalCall.callLimit)) s")) }
            return .failure(FileChooser.Failure(message: "no session bus at \(address) (\(why))", quiet: true))
        }
        defer {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        return ask(request, on: connection, watchdog: watchdog, context: ctx)
    }

    /// Steps 2 to 4 on an open connection.
    private func ask(_ request: FileRequest, on connection: OpaquePointer,
                     watchdog: Watchdog, context ctx: OpaquePointer?) -> Result<FileChooser.Outcome, FileChooser.Failure> {
        let token = "scrawl\(UInt32.random(in: 0...UInt32.max))"
        let unique = String(cString: g_dbus_connection_get_unique_name(connection))
        let sender = unique.dropFirst().replacingOccurrences(of: ".", with: "_")
        let expected = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"
        let answer = PortalAnswer()
        var subscription = answer.subscribe(connection, path: expected)
        defer { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        var error: UnsafeMutablePointer<GError>?
        let method = request.purpose.isSave ? "SaveFile" : "OpenFile"
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.FileChooser", method, PortalOptions.parameters(request, token: token),
            PortalOptions.type("(o)"), G_DBUS_CALL_FLAGS_NONE, Int32(PortalCall.callLimit * 1000) + 500, cancellable, &error)
        watchdog.cancel()
        guard let reply else { return callFailure(&error, watchdog: watchdog) }
        let handle = PortalVariant.string(reply, child: 0) ?? expected
        g_variant_unref(reply)
        if handle != expected {  // an old portal that names its request objects itself
            g_dbus_connection_signal_unsubscribe(connection, subscription)
            subscription = answer.subscribe(connection, path: handle)
        }
        while answer.response == nil, !isStopped { g_main_context_iteration(ctx, 1) }
        guard let (code, uris) = answer.response else {
            close(handle, on: connection)
            return .success(.cancelled)
        }
        switch code {
        case 0:
            guard let uri = uris.first else { return .success(.cancelled) }
            guard let path = PortalCall.path(fromURI: uri) else {
                return .failure(FileChooser.Failure(message: "the desktop portal chose \(PathText.short(uri)), which is not a local file"))
            }
            return .success(.chosen(path))
        case 1: return .success(.cancelled)
        default: return .failure(FileChooser.Failure(message: "the desktop portal's dialog ended without an answer (response \(code))"))
        }
    }

    /// Why the call failed: quiet when there is no portal with a file chooser, a cancel when stopped.
    private func callFailure(_ error: inout UnsafeMutablePointer<GError>?, watchdog: Watchdog) -> Result<FileChooser.Outcome, FileChooser.Failure> {
        let remote = error.flatMap { g_dbus_error_get_remote_error($0) }.map { p -> String in
            defer { g_free(p) }
            return String(cString: p)
        }
        let why = PortalCall.take(&error)
        if isStopped { return .success(.cancelled) }
        if watchdog.fired { return .failure(FileChooser.Failure(message: "the desktop portal did not answer within \(Int(PortalCall.callLimit)) s")) }
        let absent = ["ServiceUnknown", "NameHasNoOwner", "UnknownMethod", "UnknownInterface", "UnknownObject"]
            .map { "org.freedesktop.DBus.Error." + $0 }
        if let remote, absent.contains(remote) {
            return .failure(FileChooser.Failure(message: "no desktop portal file chooser (\(why))", quiet: true))
        }
        return .failure(FileChooser.Failure(message: "the desktop portal failed (\(why))"))
    }

    /// Closes the portal's dialog (the window asked again, or is quitting).
    private func close(_ handle: String, on connection: OpaquePointer) {
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.portal.Desktop", handle,
                                                "org.freedesktop.portal.Request", "Close", nil, nil,
                                                G_DBUS_CALL_FLAGS_NONE, PortalCall.closeLimit, nil, nil)
        if let reply { g_variant_unref(reply) }
    }

    /// Cancels the call (and the bus connection) when it takes more than `callLimit` seconds.
    private func startWatchdog() -> Watchdog {
        let dog = Watchdog()
        let cancellable = self.cancellable
        let item = DispatchWorkItem { [dog] in
            dog.fire()
            g_cancellable_cancel(cancellable)
        }
        dog.item = item
        DispatchQueue.global().asyncAfter(deadline: .now() + PortalCall.callLimit, execute: item)
        return dog
    }

    /// The local path a `file://` URI names (percent-escapes decoded), or nil.
    static func path(fromURI uri: String) -> String? {
        guard let p = g_filename_from_uri(uri, nil, nil) else { return nil }
        defer { g_free(p) }
        return String(cString: p)
    }

    /// The error's message, and the error freed.
    static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let e = error else { return "unknown error" }
        defer { g_error_free(e); error = nil }
        return e.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}

/// The call's time limit: fired once `callLimit` passed before the portal answered the call.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var didFire = false
    var item: DispatchWorkItem?

    func fire() { lock.withLock { didFire = true } }
    var fired: Bool { lock.withLock { didFire } }
    func cancel() { item?.cancel() }
}

/// The portal's `Response` signal, once it came: its code and the `uris` of its results. Set by
/// the signal's callback, which runs on the calling thread while it iterates its main context.
final class PortalAnswer {
    var response: (UInt32, [String])?

    /// Subscribes to `Response` on the request object at `path`.
    func subscribe(_ connection: OpaquePointer, path: String) -> guint {
        g_dbus_connection_signal_subscribe(
            connection, nil, "org.freedesktop.portal.Request", "Response", path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let data else { return }
                let answer = Unmanaged<PortalAnswer>.fromOpaque(data).takeUnretainedValue()
                answer.response = PortalVariant.response(parameters)
            },
            Unmanaged.passUnretained(self).toOpaque(), nil)
    }
}
