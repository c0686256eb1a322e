// End-to-end test of the Library over a large archive (issue 14): 10,000 games made by
// `kepi bench --replay --keep-archive` (a 5,031-node Fatehpur game and 9,999 generated games, each
// with two tagged annotations), with one more annotation in an old game. In its own app session,
// whose XDG folders point at that archive, the window lists the games table's first page, sorts
// by a column and pages (a click, then the keyboard), types a search that hits the old game's
// annotation and opens it for review. It prints the window's figures (from the ask to the rows
// or hits shown), which are not asserted. Screenshot: target/e2e/60-library-10000-games.png.
//
//   KEPI_WD_PORT=4844 KEPI_APP=target/app/debug/kepi-app KEPI_BIN=target/app/debug/kepi \
//     xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/e2e/library-large.test.mjs

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ELEMENT, WebDriver, waitFor } from "./webdriver.mjs";

const root = resolve(import.meta.dirname, "..", "..");
const app = resolve(root, process.env.KEPI_APP ?? "target/app/debug/kepi-app");
const kepiBin = resolve(root, process.env.KEPI_BIN ?? "target/debug/kepi");
const shots = join(root, "target", "e2e");
const work = mkdtempSync(join(tmpdir(), "kepi-e2e-large-"));
const archivePath = join(work, "data", "kepi", "archive.kepi");
// tauri-driver's port and WebKitWebDriver's behind it; one more than app.test.mjs's by default,
// so that the two files may share a machine.
const port = Number(process.env.KEPI_WD_PORT ?? 4446);
/** The old game annotated, and its annotation's words (in no generated text). */
const OLD_GAME = 2;
const WORDS = "guidon lost at the ford";

let oldNode;

const w = new WebDriver(port);
const wd = (method, path, body) => w.wd(method, path, body);
const js = (script, ...args) => w.js(script, ...args);
const find = (css) => w.find(css);
const text = (css) => w.text(css);
/** Click an element, scrolled into view first (WebKitWebDriver does not scroll inner panels). */
async function click(css) {
  await js("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", css);
  return wd("POST", `/element/${await find(css)}/click`, {});
}

function kepi(...args) {
  const r = spawnSync(kepiBin, args, { encoding: "utf8", cwd: root });
  assert.equal(r.status, 0, `kepi ${args.join(" ")}: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** The games table as shown: its rows' game ids, a column's cells, its state. */
const table = () => js(
  "const t = document.getElementById('lib-games-table'); if (!t) return null;" +
  "return { busy: t.getAttribute('aria-busy') === 'true', ms: Number(t.dataset.ms), sort: t.dataset.sort, total: Number(t.dataset.total)," +
  " ids: [...t.querySelectorAll('tr[data-game]')].map((r) => Number(r.dataset.game))," +
  " titles: [...t.querySelectorAll('tr[data-game] td:first-child')].map((c) => c.textContent)," +
  " lengths: [...t.querySelectorAll('tr[data-game] td.length')].map((c) => Number(c.textContent)) };");
/** The table once it shows `rows` rows in the order `sort`, no page being asked for. */
const tableShown = (what, sort, rows) => waitFor(what, async () => {
  const t = await table();
  return t && !t.busy && t.sort === sort && t.ids.length === rows ? t : null;
});

before(async () => {
  assert.ok(existsSync(app), `the app is built: ${app} (scripts/app-build.sh)`);
  assert.ok(existsSync(kepiBin), `the command line is built: ${kepiBin}`);
  mkdirSync(shots, { recursive: true });
  mkdirSync(join(work, "data", "kepi"), { recursive: true });
  // The archive: the benchmark's 10,000 games, kept (its figures are printed too).
  const t0 = Date.now();
  const bench = kepi("bench", "--replay", "--runs", "1", "--keep-archive", archivePath);
  console.log(`the archive generated in ${((Date.now() - t0) / 1000).toFixed(1)} s:\n${bench.trim()}`);
  // One more annotation, at the root of an old game (one of the first generated, dated 1 January).
  const tree = kepi("tree", "--db", archivePath, "--game", String(OLD_GAME));
  assert.match(tree, /created 2026-01-01/, "the annotated game is among the oldest");
  oldNode = Number(/node\s+(\d+)\s+ply\s+0/.exec(tree)?.[1]);
  assert.ok(oldNode > 0, tree);
  kepi("annotate", "--db", archivePath, "--node", String(oldNode), "--text", `The ${WORDS}`, "--tag", "colours");

  await w.start(app, { XDG_CONFIG_HOME: join(work, "config"), XDG_DATA_HOME: join(work, "data"), XDG_CACHE_HOME: join(work, "cache") }, root);
  await waitFor("the Library", async () => js("return !!document.getElementById('lib-new') && !!window.kepi;"));
});

after(() => w.stop());

test("the Library over 10,000 games: the table's pages in any order, and a search that opens an old game's annotation", { timeout: 120_000 }, async () => {
  // The first page, the newest first, and how many there are.
  let t = await tableShown("the first page of the games table", "date descending", 100);
  assert.equal(t.total, 10_000);
  assert.equal(await text("#games-title .count"), "100 of 10000");
  const figures = { "first page (newest first)": t.ms };

  // Sort by length, the longest first: the 5,031-node game's 796 commands lead.
  await click("#lib-sort-length");
  t = await tableShown("the table by length", "length descending", 100);
  assert.equal(t.lengths[0], 796, `the longest game first: ${t.lengths.slice(0, 5)}`);
  assert.equal(t.ids[0], 1);
  figures["sort by length"] = t.ms;

  // By title: A to Z over the whole archive (the titles are "Fatehpur", then "Fatehpur <n>").
  await click("#lib-sort-title");
  t = await tableShown("the table by title", "title ascending", 100);
  figures["sort by title"] = t.ms;
  const sorted = [...t.titles].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
  assert.deepEqual(t.titles, sorted, "the page is in title order");

  // More games: the next page below, in the same order, no game twice.
  await click("#lib-games-more");
  t = await tableShown("the second page", "title ascending", 200);
  figures["the next page (a click)"] = t.ms;
  assert.equal(new Set(t.ids).size, 200, "no game listed twice");
  assert.ok(t.titles[99].toLowerCase() <= t.titles[100].toLowerCase(), `the pages join in order: ${t.titles[99]} then ${t.titles[100]}`);
  assert.equal(await text("#games-title .count"), "200 of 10000");
  // And from the keyboard: the button keeps the focus, Enter asks for the page after.
  await js("document.getElementById('lib-games-more').focus();");
  await wd("POST", "/actions", { actions: [{ type: "key", id: "kb", actions: [{ type: "keyDown", value: "\uE007" }, { type: "keyUp", value: "\uE007" }] }] });
  await wd("DELETE", "/actions");
  t = await tableShown("the third page, from the keyboard", "title ascending", 300);
  figures["the next page (Enter)"] = t.ms;
  assert.equal(new Set(t.ids).size, 300);

  // A filter narrows the table over the whole archive: the old game's new tag.
  await js("const e = document.getElementById('lib-search-tag'); e.value = 'colours'; e.dispatchEvent(new Event('input', { bubbles: true }));");
  t = await tableShown("the table filtered by the tag", "title ascending", 1);
  assert.deepEqual(t.ids, [OLD_GAME]);
  figures["a tag filter"] = t.ms;
  await js("const e = document.getElementById('lib-search-tag'); e.value = ''; e.dispatchEvent(new Event('input', { bubbles: true }));");
  await tableShown("the table unfiltered", "title ascending", 100);

  // Search as typed, a key at a time: each keystroke's results shown, then the old game's hit.
  const box = await find("#lib-search");
  await js("arguments[0].scrollIntoView({ block: 'center' });", { [ELEMENT]: box });
  const keystrokes = [];
  const typed = WORDS.split(" ").slice(0, 2).join(" ");
  for (let k = 1; k <= typed.length; k++) {
    await wd("POST", `/element/${box}/value`, { text: typed[k - 1] });
    if (typed[k - 1] === " ") continue;
    const q = typed.slice(0, k);
    const ms = await waitFor(`the hits for "${q}"`, async () => js(
      "const l = document.getElementById('lib-hits'); return l && l.dataset.q === arguments[0] ? Number(l.dataset.ms) : null;", q));
    keystrokes.push(ms);
  }
  const hit = `#lib-hits button.hit[data-game='${OLD_GAME}'][data-node='${oldNode}']`;
  await waitFor("the old game's annotation among the hits", async () => js("return !!document.querySelector(arguments[0]);", hit));
  assert.match(await text(hit), /guidon/);
  const shot = join(shots, "60-library-10000-games.png");
  writeFileSync(shot, await w.screenshot());
  console.log(`screenshot: ${shot}`);

  // Its hit opens the game for review at the annotated node.
  await click(hit);
  await waitFor("the old game under review at its annotation", async () => js(
    "const g = window.kepi.replay.game(), p = window.kepi.replay.position(); return g && g.game === arguments[0] && p && p.node === arguments[1];", OLD_GAME, oldNode));

  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(`the window over 10,000 games: ${Object.entries(figures).map(([k, v]) => `${k} ${f(v)}`).join("; ")}`);
  console.log(`search as typed ("${typed}", ${keystrokes.length} keystrokes, from the key to the hits shown): ${keystrokes.map(f).join(", ")}; median ${f([...keystrokes].sort((a, b) => a - b)[keystrokes.length >> 1])}, max ${f(Math.max(...keystrokes))}`);
});
