// The end-to-end files' WebDriver client: the app started under tauri-driver (and
// WebKitWebDriver behind it, on the next port) with the environment a file gives it, a session
// on its window, commands to it, and the app stopped with its whole process group. Each file
// has its own ports (KEPI_WD_PORT), so that two runs may share a machine.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { connect } from "node:net";

/** The key of an element reference in WebDriver's answers. */
export const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

// WebKitGTK painting without accelerated compositing (as the app does: src-tauri/src/webkit.rs)
// takes a WebDriver screenshot after its next paint, and a page at rest does not paint: the
// screenshot waited forever. Run in the page before asking a screenshot: a 1-px element in a
// corner, all but transparent, changes for a few frames meanwhile, then goes.
const REPAINT = `const d = document.createElement("div"); let n = 0;
  d.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;z-index:99999";
  document.body.append(d);
  const f = () => { d.style.background = n % 2 ? "rgba(0,0,0,0.01)" : "transparent"; if (++n < 120) requestAnimationFrame(f); else d.remove(); };
  requestAnimationFrame(f);`;

export function portOpen(port) {
  return new Promise((ok) => {
    const s = connect(port, "127.0.0.1");
    s.on("connect", () => { s.destroy(); ok(true); });
    s.on("error", () => ok(false));
  });
}

/** `check()` until it gives something, every 50 ms, for at most `ms`. A file may set
 * `waitFor.explain` (async, giving a text) to say more in the timeout's message. */
export async function waitFor(what, check, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${waitFor.explain ? await waitFor.explain() : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export class WebDriver {
  /** tauri-driver's port (WebKitWebDriver's is the next). */
  constructor(port) {
    this.port = port;
    this.session = null;
    this.driver = null;
  }

  /** Start the app (`env` added to this process's) and open a session on its window. */
  async start(app, env, cwd) {
    this.driver = spawn(process.env.TAURI_DRIVER ?? "tauri-driver", ["--port", String(this.port), "--native-port", String(this.port + 1)], {
      env: { ...process.env, ...env },
      cwd,
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    // Both ports: tauri-driver's and WebKitWebDriver's behind it.
    await waitFor(`WebDriver ports ${this.port} and ${this.port + 1}`, async () => (await portOpen(this.port)) && (await portOpen(this.port + 1)));
    const res = await fetch(`http://127.0.0.1:${this.port}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ capabilities: { alwaysMatch: { browserName: "wry", "tauri:options": { application: app } } } }),
    });
    const json = await res.json();
    assert.ok(res.ok, `session: ${JSON.stringify(json)}`);
    this.session = json.value.sessionId;
  }

  /** Close the session (no script errors may have been caught in the window) and stop
   * tauri-driver, WebKitWebDriver and the app: the whole process group. */
  async stop() {
    if (this.session) {
      const errors = await this.js("return window.kepi.errors;").catch(() => []);
      await fetch(`http://127.0.0.1:${this.port}/session/${this.session}`, { method: "DELETE", signal: AbortSignal.timeout(5000) }).catch(() => {});
      assert.deepEqual(errors, [], "no script errors in the window");
    }
    if (this.driver) try { process.kill(-this.driver.pid, "SIGKILL"); } catch { /* gone */ }
  }

  async wd(method, path, body) {
    const res = await fetch(`http://127.0.0.1:${this.port}/session/${this.session}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`);
    return json.value;
  }

  js(script, ...args) { return this.wd("POST", "/execute/sync", { script, args }); }
  jsAsync(script, ...args) { return this.wd("POST", "/execute/async", { script, args }); }
  async find(css) { return (await this.wd("POST", "/element", { using: "css selector", value: css }))[ELEMENT]; }
  async text(css) { return this.wd("GET", `/element/${await this.find(css)}/text`); }

  /** The window as a PNG (after making it paint: see REPAINT). */
  async screenshot() {
    await this.js(REPAINT);
    return Buffer.from(await this.wd("GET", "/screenshot"), "base64");
  }
}
