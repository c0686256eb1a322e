"""Ask Kepi's window to close, as a window manager's close button does.

Sends the ICCCM WM_DELETE_WINDOW client message to every viewable top-level window whose
WM_CLASS names kepi, through libX11 (ctypes; no packages beyond those WebKitGTK brings). The
end-to-end test uses it because WebDriver cannot send a close request to a Tauri window.
Prints how many windows were asked; exits 1 if none was found.
"""

import ctypes
import sys

x = ctypes.CDLL("libX11.so.6")
c_ulong, c_long, c_int, c_void_p = ctypes.c_ulong, ctypes.c_long, ctypes.c_int, ctypes.c_void_p


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [
        ("type", c_int),
        ("serial", c_ulong),
        ("send_event", c_int),
        ("display", c_void_p),
        ("window", c_ulong),
        ("message_type", c_ulong),
        ("format", c_int),
        ("l", c_long * 5),
    ]


class XEvent(ctypes.Union):
    _fields_ = [("xclient", XClientMessageEvent), ("pad", c_long * 24)]


class XClassHint(ctypes.Structure):
    _fields_ = [("res_name", ctypes.c_char_p), ("res_class", ctypes.c_char_p)]


class XWindowAttributes(ctypes.Structure):
    # Only map_state is read; the rest pads the structure to its size.
    _fields_ = [
        ("x", c_int), ("y", c_int), ("width", c_int), ("height", c_int), ("border_width", c_int),
        ("depth", c_int), ("visual", c_void_p), ("root", c_ulong), ("class_", c_int),
        ("bit_gravity", c_int), ("win_gravity", c_int), ("backing_store", c_int),
        ("backing_planes", c_ulong), ("backing_pixel", c_ulong), ("save_under", c_int),
        ("colormap", c_ulong), ("map_installed", c_int), ("map_state", c_int),
        ("all_event_masks", c_long), ("your_event_mask", c_long),
        ("do_not_propagate_mask", c_long), ("override_redirect", c_int), ("screen", c_void_p),
    ]


x.XOpenDisplay.restype = c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = c_ulong
x.XDefaultRootWindow.argtypes = [c_void_p]
x.XInternAtom.restype = c_ulong
x.XInternAtom.argtypes = [c_void_p, ctypes.c_char_p, c_int]
x.XQueryTree.argtypes = [c_void_p, c_ulong, ctypes.POINTER(c_ulong), ctypes.POINTER(c_ulong),
                         ctypes.POINTER(ctypes.POINTER(c_ulong)), ctypes.POINTER(ctypes.c_uint)]
x.XGetClassHint.argtypes = [c_void_p, c_ulong, ctypes.POINTER(XClassHint)]
x.XGetWindowAttributes.argtypes = [c_void_p, c_ulong, ctypes.POINTER(XWindowAttributes)]
x.XSendEvent.argtypes = [c_void_p, c_ulong, c_int, c_long, ctypes.POINTER(XEvent)]
x.XFlush.argtypes = [c_void_p]
x.XFree.argtypes = [c_void_p]

IS_VIEWABLE = 2
CLIENT_MESSAGE = 33

display = x.XOpenDisplay(None)
if not display:
    sys.exit("close_window.py: cannot open the X display (is DISPLAY set?)")
root = x.XDefaultRootWindow(display)
wm_protocols = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
wm_delete = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)

r, p, n = c_ulong(), c_ulong(), ctypes.c_uint()
children = ctypes.POINTER(c_ulong)()
x.XQueryTree(display, root, ctypes.byref(r), ctypes.byref(p), ctypes.byref(children), ctypes.byref(n))
asked = 0
for i in range(n.value):
    w = children[i]
    hint = XClassHint()
    if not x.XGetClassHint(display, w, ctypes.byref(hint)):
        continue
    names = b" ".join(s for s in (hint.res_name, hint.res_class) if s).lower()
    attrs = XWindowAttributes()
    x.XGetWindowAttributes(display, w, ctypes.byref(attrs))
    if b"kepi" not in names or attrs.map_state != IS_VIEWABLE:
        continue
    ev = XEvent()
    ev.xclient.type = CLIENT_MESSAGE
    ev.xclient.window = w
    ev.xclient.message_type = wm_protocols
    ev.xclient.format = 32
    ev.xclient.l[0] = wm_delete
    ev.xclient.l[1] = 0  # CurrentTime
    x.XSendEvent(display, w, 0, 0, ctypes.byref(ev))
    asked += 1
x.XFlush(display)
print(asked)
sys.exit(0 if asked else 1)
