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

use tauri::{Manager, Runtime};

/// Whether the user asked to keep WebKit's compositing (`KEPI_WEBKIT_COMPOSITING=1`).
fn keep_compositing() -> bool {
    std::env::var_os("KEPI_WEBKIT_COMPOSITING").is_some_and(|v| v == "1")
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
