#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-xlib.h>
