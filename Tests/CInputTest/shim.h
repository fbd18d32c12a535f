// The socket protocol of Xorg's inputtest input driver (xserver-xorg-dev), so the real-input tests'
// injector sends exactly the structs the driver reads. Header only: nothing to link.
#include <xorg/xf86-input-inputtest-protocol.h>
