// GIO's GDBus: the window asks the XDG desktop portal's FileChooser for a file on the session bus.
#include <gio/gio.h>
