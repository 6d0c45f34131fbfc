#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <stdlib.h>
#include <string.h>

// Small wrappers for what Swift cannot call: function-like macros (XISetMask,
// XIMaskLen) and variadic functions (XCreateIC, XGetIMValues, XSetICValues).

/// Selects XI2 events on `window` for `deviceid`; `events` lists XI_* event types.
static inline int glide_xi_select(Display *display, Window window, int deviceid, const int *events, int count) {
    unsigned char mask[XIMaskLen(XI_LASTEVENT)];
    memset(mask, 0, sizeof mask);
    for (int i = 0; i < count; i++) XISetMask(mask, events[i]);
    XIEventMask eventMask = { deviceid, (int)sizeof mask, mask };
    return XISelectEvents(display, window, &eventMask, 1);
}

/// The input style Glidepad uses: root style (the input method draws preedit and
/// candidates in its own windows), as st does. The candidate window still follows
/// the caret through XNSpotLocation, which ibus and fcitx honour in this style.
/// (Over-the-spot needs a core fontset, and ibus-x11 ignores keys without one.)
/// Returns 0 if the input method does not offer it.
static inline XIMStyle glide_im_best_style(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL || styles == NULL) return 0;
    XIMStyle best = 0;
    for (int i = 0; i < styles->count_styles; i++) {
        if (styles->supported_styles[i] == (XIMPreeditNothing | XIMStatusNothing)) best = styles->supported_styles[i];
    }
    XFree(styles);
    return best;
}

/// Creates a root-style input context for `window`.
static inline XIC glide_create_ic(XIM im, Window window, XIMStyle style) {
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window, NULL);
}

/// Moves the input method's candidate window to (x, y) in window pixels.
static inline void glide_ic_set_spot(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
}

/// The event mask an input context needs on the window.
static inline long glide_ic_filter_events(XIC ic) {
    long mask = 0;
    XGetICValues(ic, XNFilterEvents, &mask, NULL);
    return mask;
}

static inline int glide_xi_mask_is_set(const unsigned char *mask, int bit) {
    return XIMaskIsSet(mask, bit) ? 1 : 0;
}
