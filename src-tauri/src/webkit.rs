//! How WebKitGTK paints the window on Linux.
//!
//! WebKitGTK composites the page's layers with OpenGL by default. Where OpenGL is a software
//! rasterizer (no GPU driver, a virtual machine, Xvfb in CI), each frame is then composited
//! whole by the CPU: measured on the replay view's steps (docs/app.md, "Figures"), an idle
//! frame took 22-34 ms and a step 52-74 ms under load, against 16 ms and 27 ms with WebKit
//! painting the page itself, only where it changed. Kepi's views are a 2D canvas and panels,
//! with no 3D transforms or video that compositing would speed up, so the window paints
//! without it. `KEPI_WEBKIT_COMPOSITING=1` keeps WebKit's default (to compare, or on a
//! machine where it is faster).
//!
//! Painting without compositing, the shell's own GTK needs no OpenGL either; yet GDK opens it
//! when it starts, to choose its visuals: on a machine whose OpenGL is Mesa's software
//! rasterizer that loads LLVM and sets up llvmpipe before the window exists (measured with
//! `strace -tt` on this machine kind: the web view's process began 568 ms after the exec with
//! OpenGL, 387 ms with `GDK_GL=disable`). So the shell starts GTK with `GDK_GL=disable` unless
//! compositing is kept or the user set `GDK_GL` himself.

use tauri::{Manager, Runtime};

/// Whether the user asked to keep WebKit's compositing (`KEPI_WEBKIT_COMPOSITING=1`).
fn keep_compositing() -> bool {
    std::env::var_os("KEPI_WEBKIT_COMPOSITING").is_some_and(|v| v == "1")
}

/// Before GTK starts (first thing in `main`): GDK leaves OpenGL alone (see the module), unless
/// compositing is kept or `GDK_GL` is set already.
#[allow(unsafe_code)]
pub fn without_gl_before_gtk() {
    if keep_compositing() || std::env::var_os("GDK_GL").is_some() {
        return;
    }
    // SAFETY: called first in `main`, before the shell or any library has started a thread, so
    // nothing reads the environment while it is written.
    unsafe { std::env::set_var("GDK_GL", "disable") };
}

/// Set the main window's web view to paint without accelerated compositing (see the module).
/// A window that is missing or refuses is left as it is: this is speed, not function.
pub fn paint_without_compositing<R: Runtime>(app: &tauri::App<R>) {
    if keep_compositing() {
        return;
    }
    let Some(window) = app.get_webview_window("main") else {
        return;
    };
    let _ = window.with_webview(|view| {
        use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};
        if let Some(settings) = WebViewExt::settings(&view.inner()) {
            settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
        }
    });
}
