// GlideX11: the X11 window, XInput2 translation, XIM and the clipboard. Built by the
// window issue (#4); nothing here yet.
