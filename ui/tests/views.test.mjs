// Browser tests of the built UI's views (dist/, built with VITE_KEPI_TEST_HOOKS=1) in headless
// Chromium, with the shell's commands answered by a stand-in (window.__TAURI_INTERNALS__): the
// Library lists and opens entries, arrows move between cards, New map makes a map; the painter's
// tools send their commands in order through the one queue. The real shell is tested end to end
// in tests/e2e/.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const dist = join(import.meta.dirname, "..", "dist");
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
let server, browser;

before(async () => {
  server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
    try {
      const body = await readFile(join(dist, path || "index.html"));
      res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** The shell's commands, answered in the page: a listing of one map and three scenarios, a
 * 12 x 10 map for new_map and open_library_map, and deltas for edits. Calls are logged. */
function standIn() {
  const palette = {
    terrain: [{ key: "clear", name: "Clear", color: "#e8e2c4" }, { key: "woods", name: "Woods", color: "#6f9a5a" }],
    hexsides: [{ key: "ridge", name: "Ridge", color: "#5b3b1e" }],
    routes: [{ key: "road", name: "Road", color: "#8a5a2b" }], default_terrain: "clear", reference: "R&S 9.2",
  };
  const status = (title) => ({ path: null, title, dirty: false, can_undo: false, can_redo: false });
  const map = (name, columns = 12, rows = 10) => ({
    id: "m", name, description: "", ruleset: "rifle-and-saber", ruleset_name: "Rifle & Saber",
    grid: { orientation: "flat", shove: "even", columns, rows }, palette,
    terrain: new Array(columns * rows).fill(0), elevation: new Array(columns * rows).fill(0),
    hexsides: [], routes: [], features: [], exits: [], underlay: null, status: status(name), problems: [],
  });
  const entry = (kind, id, title, subtitle) => ({
    key: `shipped/${kind}/${id}`, kind, id, title, subtitle, ruleset: "rifle-and-saber",
    map: kind === "scenario" ? "rifle-and-saber" : null, origin: { kind: "shipped" }, shipped_id: id, path: null, problem: null,
  });
  const entries = [
    entry("map", "rifle-and-saber", "Rifle & Saber", "32 x 40 hexes · Rifle & Saber"),
    entry("scenario", "rs-07-gettysburg-little-round-top", "Gettysburg", "1-3 July 1863 · Rifle & Saber"),
    entry("scenario", "rs-08-gettysburg-picketts-charge", "Gettysburg", "1-3 July 1863 · Rifle & Saber"),
    entry("scenario", "rs-09-langensalza", "Langensalza", "27 June 1866 · Rifle & Saber"),
  ];
  const png = async () => {
    const c = new OffscreenCanvas(60, 90);
    const x = c.getContext("2d");
    x.fillStyle = "#6f9a5a";
    x.fillRect(0, 0, 60, 90);
    return (await c.convertToBlob()).arrayBuffer();
  };
  const delta = (more = {}) => ({
    cells: [], hexsides: [], routes: null, features: null, exits: null, underlay_changed: false, underlay: null,
    name: null, status: { ...status("x"), dirty: true, can_undo: true }, problems: null, ...more,
  });
  window.calls = [];
  window.__TAURI_INTERNALS__ = {
    transformCallback: () => 0,
    invoke: async (cmd, args) => {
      window.calls.push(args?.edit ? `${cmd}:${args.edit.op}` : args?.key ? `${cmd}:${args.key}` : cmd);
      switch (cmd) {
        case "library_list": return { entries, recent: [], games: [], library_folder: null, problems: [] };
        case "library_thumbnail": return png();
        case "app_info": return { version: "0", recent: [], shipped_maps: null, rulesets: [["rifle-and-saber", "Rifle & Saber"], ["age-of-rifles", "Age of Rifles"]] };
        case "open_library_map": return map(args.key);
        case "new_map": return map(args.spec.name, args.spec.columns, args.spec.rows);
        case "edit":
          if (args.edit.op === "paint") return delta({ cells: [[args.edit.hex, 1, 0]] });
          return delta();
        case "begin_stroke": return null;
        case "end_stroke": case "undo": case "redo": return delta();
        default: return null;
      }
    },
  };
}

async function page() {
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.addInitScript(standIn);
  await p.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await p.waitForFunction(() => document.querySelectorAll("button.entry img").length === 4);
  return { p, errors };
}

test("Library: cards with thumbnails, told apart, opened with arrows and Enter", async () => {
  const { p, errors } = await page();
  const cards = await p.$$eval("button.entry", (bs) => bs.map((b) => ({
    key: b.dataset.key, title: b.querySelector(".title").textContent, badge: b.querySelector(".badge").textContent,
    width: b.querySelector("img").naturalWidth, fit: getComputedStyle(b.querySelector("img")).objectFit,
  })));
  assert.deepEqual(cards.map((c) => c.title), ["Gettysburg: Little Round Top", "Gettysburg: Picketts Charge", "Langensalza", "Rifle & Saber"]);
  assert.deepEqual(cards.map((c) => c.badge), ["Scenario 7", "Scenario 8", "Scenario 9", "Map"]);
  for (const c of cards) { assert.ok(c.width > 0, c.key); assert.equal(c.fit, "contain"); }
  assert.match(await p.getAttribute("button.entry[data-kind=scenario]", "title"), /scenario view.*later/);

  // Arrows: the first card, then right, then down to the map (the next row's nearest card).
  await p.keyboard.press("ArrowRight");
  assert.equal(await p.evaluate(() => document.activeElement.dataset.key), cards[0].key);
  await p.keyboard.press("ArrowRight");
  assert.equal(await p.evaluate(() => document.activeElement.dataset.key), cards[1].key);
  await p.keyboard.press("ArrowDown");
  assert.equal(await p.evaluate(() => document.activeElement.dataset.key), "shipped/map/rifle-and-saber");
  await p.keyboard.press("Enter");
  await p.waitForFunction(() => !document.getElementById("editor").hidden);
  assert.equal(await p.evaluate(() => window.kepi.status().title), "shipped/map/rifle-and-saber");
  assert.ok((await p.evaluate(() => window.calls)).includes("open_library_map:shipped/map/rifle-and-saber"));

  // Back to the Library: the painter leaves the map.
  await p.click("#btn-home");
  await p.waitForFunction(() => !document.getElementById("library").hidden);
  assert.equal(await p.evaluate(() => window.kepi.status()), null);
  assert.deepEqual(errors, []);
  await p.close();
});

test("New map from the Library; the painter's tools send their commands in order", async () => {
  const { p, errors } = await page();
  await p.click("#lib-new");
  await p.fill("#new-name", "Made here");
  await p.fill("#new-columns", "12");
  await p.fill("#new-rows", "10");
  await p.selectOption("#new-ruleset", "age-of-rifles");
  await p.click("#new-create");
  await p.waitForFunction(() => window.kepi.status()?.title === "Made here");
  assert.equal(await p.evaluate(() => window.calls.filter((c) => c === "new_map").length), 1);
  await p.evaluate(() => window.kepi.zoomTo(30));
  const at = (h) => p.evaluate((n) => window.kepi.hexPoint(n), h);
  const drag = async (...hexes) => {
    const pts = [];
    for (const h of hexes) pts.push(await at(h));
    await p.mouse.move(pts[0].x, pts[0].y);
    await p.mouse.down();
    for (const q of pts.slice(1)) await p.mouse.move(q.x, q.y, { steps: 4 });
    await p.mouse.up();
    await p.evaluate(() => window.kepi.busy());
  };
  const log = async (fn) => {
    const n = await p.evaluate(() => window.calls.length);
    await fn();
    return p.evaluate((k) => window.calls.slice(k), n);
  };

  // Brush (B): one stroke, one edit per hex crossed, in order.
  await p.keyboard.press("b");
  assert.deepEqual(await log(() => drag("0303", "0305")), ["begin_stroke", "edit:paint", "edit:paint", "edit:paint", "end_stroke"]);
  // Flood fill (G): one click, one edit.
  await p.keyboard.press("g");
  assert.deepEqual(await log(() => drag("0808")), ["edit:fill"]);
  // Route (R): a drag is one route edit at the end.
  await p.keyboard.press("r");
  assert.deepEqual(await log(() => drag("0102", "0105")), ["edit:route"]);
  // Hexside (S): one stroke.
  await p.keyboard.press("s");
  const side = await p.evaluate(() => window.kepi.sidePoint("0606", "0607"));
  assert.deepEqual(await log(async () => { await p.mouse.click(side.x, side.y); await p.evaluate(() => window.kepi.busy()); }), ["begin_stroke", "edit:hexside", "end_stroke"]);
  // Elevation (E) with a digit: level set.
  await p.keyboard.press("e");
  await p.keyboard.press("4");
  assert.equal(await p.inputValue("#elev-level"), "4");
  assert.ok(await p.$eval("#elev-set", (b) => b.classList.contains("active")));
  // The eyedropper (I) returns to the tool before it.
  await p.keyboard.press("i");
  await drag("0303");
  assert.ok(await p.$eval("#tool-elevation", (b) => b.classList.contains("active")), "back to the elevation tool");
  // Undo (Ctrl+Z) goes through the same queue.
  assert.deepEqual(await log(async () => { await p.keyboard.press("Control+z"); await p.evaluate(() => window.kepi.busy()); }), ["undo"]);
  assert.deepEqual(await p.evaluate(() => window.kepi.errors), []);
  assert.deepEqual(errors, []);
  await p.close();
});
