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
    scale: { per_hex: 50, unit: "metres", text: "1 hex = 50 m" }, ruleset_scale: "1 hex = 50 m",
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
  // Events: listeners by name; window.emit(name, payload) stands in for the shell's emit.
  const callbacks = new Map();
  const listeners = new Map();
  let nextCallback = 1, nextJob = 1;
  window.emit = (event, payload) => {
    for (const id of listeners.get(event) ?? []) callbacks.get(id)?.({ event, id, payload });
  };
  // What importing adds to the listing: a pack's map and scenario.
  window.packed = false;
  const packOrigin = { kind: "pack", id: "pack-a", name: "Pack A" };
  const packed = [
    { ...entry("scenario", "pa-01-first", "First Battle", "1 May 1860 · Rifle & Saber"), key: "library/packs/pack-a/scenarios/pa-01-first.json", origin: packOrigin, shipped_id: null, path: "/lib/packs/pack-a/scenarios/pa-01-first.json" },
    { ...entry("map", "pa-map", "Pack A map", "20 x 20 hexes · Rifle & Saber"), key: "library/packs/pack-a/maps/pa-map.json", origin: packOrigin, shipped_id: null, path: "/lib/packs/pack-a/maps/pa-map.json" },
  ];
  window.calls = [];
  window.__TAURI_INTERNALS__ = {
    transformCallback: (cb) => { const id = nextCallback++; callbacks.set(id, cb); return id; },
    invoke: async (cmd, args) => {
      window.calls.push(args?.edit ? `${cmd}:${args.edit.op}` : args?.key ? `${cmd}:${args.key}`
        : args?.job ? `${cmd}:${args.job}` : args?.onConflict ? `${cmd}:${args.onConflict}`
        : args?.keys ? `${cmd}:${args.keys.join(",")}:${JSON.stringify(args.fields)}` : cmd);
      switch (cmd) {
        case "plugin:event|listen":
          listeners.set(args.event, [...(listeners.get(args.event) ?? []), args.handler]);
          return args.handler;
        case "pack_import": case "pack_export": return nextJob++;
        case "cancel_job": return true;
        case "library_list": return { entries: window.packed ? [...entries, ...packed] : entries, recent: [], games: [], library_folder: null, problems: [] };
        case "library_games": return { games: [], total: 0, offset: 0 };
        case "library_thumbnail": return png();
        case "app_info": return { version: "0", recent: [], shipped_maps: null, rulesets: [["rifle-and-saber", "Rifle & Saber"], ["age-of-rifles", "Age of Rifles"]], rules_versions: ["Rifle & Saber rules 1", "Age of Rifles rules 1"], process_age_ms: 0, launch_steps: "" };
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
  assert.match(await p.getAttribute("button.entry[data-kind=scenario]", "title"), /play it \(hot-seat\), or open its map/);

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

test("Packs: import with progress, cancel, a conflict's Replace, the listing refreshed; export chosen scenarios", async () => {
  const { p, errors } = await page();
  const job = (id) => `.jobs .job[data-job="${id}"]`;
  const progress = (id, done, total, message) => p.evaluate(([job, done, total, message]) =>
    window.emit("job-progress", { job, kind: "pack_import", done, total, message, item: null }), [id, done, total, message]);
  const finished = (id, kind, status, result, error) => p.evaluate(([job, kind, status, result, error]) =>
    window.emit("job-finished", { job, kind, status, result, error }), [id, kind, status, result, error]);

  // Import: job 1 starts; the progress bar advances with the events; Cancel asks the shell.
  await p.click("#lib-import");
  await p.waitForSelector(job(1));
  assert.ok((await p.evaluate(() => window.calls)).includes("pack_import"));
  await progress(1, 0, 2, "reading a.kepipack");
  await p.waitForFunction((s) => document.querySelector(`${s} progress`)?.value === 0 && document.querySelector(`${s} progress`)?.max === 2, job(1));
  await progress(1, 1, 2, "checking and importing");
  await p.waitForFunction((s) => document.querySelector(`${s} progress`)?.value === 1, job(1));
  assert.match(await p.textContent(`${job(1)} .message`), /checking and importing \(1\/2\)/);
  await p.click(`${job(1)} button.cancel`);
  await p.waitForFunction(() => window.calls.includes("cancel_job:1"));
  await finished(1, "pack_import", "cancelled", null, null);
  await p.waitForSelector(`${job(1)}[data-status=cancelled]`);
  assert.match(await p.textContent(`${job(1)} .outcome`), /Cancelled/);
  await p.click(`${job(1)} button.dismiss`);
  await p.waitForFunction((s) => !document.querySelector(s), job(1));

  // Import again: a refused pack shows its reason in full, a conflict offers Replace / Keep both.
  await p.click("#lib-import");
  await p.waitForSelector(job(2));
  const conflict = "the library already holds pack 'pack-a' 1.0.0 with other content (scenarios/pa-01-first.json differs); import it as a replacement or as a new version";
  await finished(2, "pack_import", "failed", null, { code: "pack_conflict", message: conflict });
  await p.waitForSelector(`${job(2)}[data-status=failed]`);
  assert.equal((await p.textContent(`${job(2)} .outcome`)).trim(), `Failed: ${conflict}`);
  const labels = await p.$$eval(`${job(2)} .actions button`, (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(labels, ["Replace", "Keep both"]);
  await p.click(`${job(2)} .actions button:text("Replace")`);
  await p.waitForFunction(() => window.calls.includes("pack_import:replace"));
  await p.waitForSelector(job(3));
  // It finishes: the listing is asked again and shows the pack's cards, with their pictures.
  const lists = await p.evaluate(() => window.calls.filter((c) => c === "library_list").length);
  await p.evaluate(() => { window.packed = true; });
  await progress(3, 2, 2, "imported");
  await finished(3, "pack_import", "done", { kind: "pack_imported", outcome: "replaced", id: "pack-a", name: "Pack A", version: "1.0.0", folder: "/lib/packs/pack-a", files_written: 3, maps: 1, scenarios: 1 }, null);
  await p.waitForSelector(`${job(3)}[data-status=done]`);
  assert.equal((await p.textContent(`${job(3)} .outcome`)).trim(), "Replaced Pack A 1.0.0 (1 scenario, 1 map).");
  await p.waitForFunction(() => document.querySelectorAll("button.entry[data-origin=pack] img").length === 2);
  assert.equal(await p.evaluate(() => window.calls.filter((c) => c === "library_list").length), lists + 1);
  assert.ok((await p.evaluate(() => window.calls)).includes("library_thumbnail:library/packs/pack-a/maps/pa-map.json"));

  // Export: choose two scenarios on their cards (a click chooses, not opens), give the fields.
  await p.click("#lib-export");
  await p.click('button.entry[data-key="shipped/scenario/rs-09-langensalza"]');
  await p.click('button.entry[data-key="shipped/scenario/rs-07-gettysburg-little-round-top"]');
  await p.click('button.entry[data-key="shipped/map/rifle-and-saber"]'); // a map: refused, not chosen
  assert.equal(await p.evaluate(() => document.querySelectorAll("button.entry[aria-pressed=true]").length), 2);
  assert.match(await p.textContent("#lib-chosen"), /2 chosen: Langensalza, Gettysburg: Little Round Top/);
  assert.ok(!(await p.evaluate(() => window.calls.some((c) => c.startsWith("open_library_map")))));
  await p.click("#lib-export-go");
  await p.fill("#pack-name", "Two battles");
  await p.fill("#pack-author", "Tester");
  await p.fill("#pack-description", "Langensalza and Little Round Top");
  await p.click("#pack-export");
  await p.waitForSelector(job(4));
  const call = await p.evaluate(() => window.calls.find((c) => c.startsWith("pack_export")));
  assert.equal(call, 'pack_export:shipped/scenario/rs-09-langensalza,shipped/scenario/rs-07-gettysburg-little-round-top:{"name":"Two battles","version":"1.0.0","author":"Tester","description":"Langensalza and Little Round Top"}');
  assert.equal(await p.$("#pack-form"), null);
  assert.equal(await p.$(".selectbar"), null);
  await finished(4, "pack_export", "done", { kind: "pack_exported", path: "/tmp/two.kepipack", id: "two-battles", name: "Two battles", version: "1.0.0", scenarios: 2, bytes: 40960 }, null);
  assert.match(await p.textContent(`${job(4)} .outcome`), /Wrote Two battles 1.0.0 \(2 scenarios, 40 KB\) to \/tmp\/two.kepipack/);
  assert.deepEqual(errors, []);
  await p.close();
});
