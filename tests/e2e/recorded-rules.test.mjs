// End-to-end test of a game recorded under older rules in the real window (issue 37): eight
// Fatehpur games recorded by `kepi autoplay` under Rifle & Saber rules 1, then the app started
// with a test build's rule changed on purpose (KEPI_TEST_RULES_CHANGE=1: rules 2, the CRT's
// 1-1 column reads "E" on a 6; src/engine/rifle_and_saber/test_rules_change.rs). The replay view
// opens a game that today's rules read differently, shows the node where they part as recorded
// (the note, the board as `kepi replay` has it, the move list's rows marked), and "Replay under
// today's rules" adds a variation played under rules 2, the record unchanged.
//
// Screenshots: target/e2e/95-replay-as-recorded.png, 96-replay-under-today.png.
//
//   KEPI_WD_PORT=4850 KEPI_APP=target/debug/kepi-app KEPI_BIN=target/debug/kepi \
//     xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/e2e/recorded-rules.test.mjs

import { test, before } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { WebDriver, waitFor } from "./webdriver.mjs";

const root = resolve(import.meta.dirname, "..", "..");
const app = resolve(root, process.env.KEPI_APP ?? "target/app/debug/kepi-app");
const kepiBin = resolve(root, process.env.KEPI_BIN ?? "target/debug/kepi");
const shots = join(root, "target", "e2e");
const work = mkdtempSync(join(tmpdir(), "kepi-e2e-rules-"));
// Apart from the other files' ports (4444, 4446, 4448).
const port = Number(process.env.KEPI_WD_PORT ?? 4450);
const CHANGED = { KEPI_TEST_RULES_CHANGE: "1" };

/** `kepi ARGS` (with `env` added): its output; exit status 0. */
function kepi(args, env = {}) {
  const r = spawnSync(kepiBin, args, { encoding: "utf8", cwd: root, env: { ...process.env, ...env } });
  assert.equal(r.status, 0, `kepi ${args.join(" ")}: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

before(() => {
  assert.ok(existsSync(app), `the app is built: ${app}`);
  assert.ok(existsSync(kepiBin), `the command line is built: ${kepiBin}`);
  mkdirSync(shots, { recursive: true });
});

test("a game recorded under older rules: shown as recorded where today's rules part from it, and replayed under today's as a variation", { timeout: 300_000 }, async () => {
  const data = join(work, "data");
  const db = join(data, "kepi", "archive.kepi");
  mkdirSync(join(data, "kepi"), { recursive: true });
  kepi(["autoplay", "scenarios/rs-01-fatehpur.json", "--games", "8", "--db", db]);
  // Which game today's (changed) rules read differently, and from which node: the check says.
  const check = kepi(["archive", "check", "--db", db], CHANGED);
  const m = /readable: game (\d+): recorded under Rifle & Saber rules 1; today's rules 2 read it differently from node (\d+)/.exec(check);
  assert.ok(m, `a game parts: ${check}`);
  const [game, parted] = [Number(m[1]), Number(m[2])];
  const cli = JSON.parse(kepi(["replay", "--db", db, "--node", String(parted), "--json"], CHANGED));
  assert.equal(cli.as_recorded, true);

  const w = new WebDriver(port);
  await w.start(app, { ...CHANGED, XDG_CONFIG_HOME: join(work, "config"), XDG_DATA_HOME: data, XDG_CACHE_HOME: join(work, "cache") }, root);
  try {
    const js = (script, ...args) => w.js(script, ...args);
    const clickIn = async (css) => {
      await js("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", css);
      return w.wd("POST", `/element/${await w.find(css)}/click`, {});
    };
    const shot = async (name) => {
      await new Promise((r) => setTimeout(r, 300));
      const file = join(shots, `${name}.png`);
      writeFileSync(file, await w.screenshot());
      console.log(`screenshot: ${file}`);
    };
    await waitFor("the Library", async () => js("return !!document.getElementById('lib-new') && !!window.kepi;"));
    await waitFor("the game in the list", async () => js("return !!document.querySelector(`button[data-review='${arguments[0]}']`);", game), 60_000);
    await clickIn(`button[data-review='${game}']`);
    await waitFor("the replay view", async () => js("return !!window.kepi.replay.position();"), 60_000);
    await waitFor("the line described", async () => js("return window.kepi.replay.described();"), 60_000);

    // The node where today's rules part: shown as recorded, as the command line shows it.
    const k = await js("return window.kepi.replay.game().line.findIndex((l) => l.node === arguments[0]);", parted);
    assert.ok(k >= 0, "the parting node is on the main line");
    await js("window.kepi.replay.showRow(arguments[0]);", k + 1);
    const row = `#replay-moves li[data-index="${k + 1}"] button.link`;
    await waitFor("its row", async () => js("return !!document.querySelector(arguments[0]);", row));
    await clickIn(row);
    const at = await waitFor("the position as recorded", async () => js("const p = window.kepi.replay.position(); return p && p.node === arguments[0] && p.as_recorded ? p : null;", parted));
    const note = await w.text("#replay-as-recorded p");
    assert.match(note, /^Recorded under Rifle & Saber rules 1; from game-turn \d+ \(.+\) today's rules 2 read this differently: .+recorded.+today/);
    assert.equal(note, at.as_recorded);
    const hexes = (b) => b.counters.map((c) => `${c.id}@${c.hex}:${c.values}:${c.markers.join("+")}`).sort();
    assert.deepEqual(hexes(at.board), hexes(cli.board), "the board as recorded, as `kepi replay` has it");
    assert.ok(await js("return !!document.querySelector(`#replay-moves li[data-index='${arguments[0]}'] [data-as-recorded]`);", k + 1), "the row is marked as recorded");
    await shot("95-replay-as-recorded");

    // Replay under today's rules: a variation played under rules 2, the record unchanged.
    await clickIn("#replay-under-today");
    await waitFor("the variation", async () => (await w.text("#replay-which")) === "A variation", 60_000);
    const line = await js("return window.kepi.replay.game().line.map((l) => [l.node, l.rules_version, l.name, l.as_recorded]);");
    const first = line.findIndex((l) => l[2] === "today's rules");
    assert.equal(first, k, "the variation begins where today's rules part from the record");
    assert.ok(line.slice(first).every((l) => l[1] === 2 && !l[3]), "played under rules 2, shown as played");
    assert.equal(await js("return window.kepi.replay.position()?.as_recorded ?? null;"), null);
    await shot("96-replay-under-today");
    const tree = kepi(["tree", "--db", db, "--game", String(game)], CHANGED);
    assert.match(tree, /«today's rules»/);
    // The record stays the main line.
    const tip = kepi(["replay", "--db", db, "--game", String(game)]);
    assert.match(tip, /recorded under Rifle & Saber rules 1/);
  } finally {
    await w.stop();
  }
});
