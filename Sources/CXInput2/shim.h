// libXi: XInput2 (pen and touch events) and XInput 1's proximity events (XInput2 has none), read
// on the window's own X connection beside GLFW's.
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XInput.h>

// XInput 1's ProximityIn and ProximityOut macros as one function: the event types and classes of
// an opened device (types 0 when it has no proximity class).
static inline void scrawl_proximity_classes(XDevice *device, int *inType, XEventClass *inClass,
                                            int *outType, XEventClass *outClass) {
    int t;
    XEventClass c;
    ProximityIn(device, t, c);
    *inType = t;
    *inClass = c;
    ProximityOut(device, t, c);
    *outType = t;
    *outClass = c;
}
