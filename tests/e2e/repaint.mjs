// WebKitGTK painting without accelerated compositing (as the app does: src-tauri/src/webkit.rs)
// takes a WebDriver screenshot after its next paint, and a page at rest does not paint: the
// screenshot waited forever. Run in the page before asking a screenshot: a 1-px element in a
// corner, all but transparent, changes for a few frames meanwhile, then goes.
export const REPAINT = `const d = document.createElement("div"); let n = 0;
  d.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;z-index:99999";
  document.body.append(d);
  const f = () => { d.style.background = n % 2 ? "rgba(0,0,0,0.01)" : "transparent"; if (++n < 120) requestAnimationFrame(f); else d.remove(); };
  requestAnimationFrame(f);`;
