// End-to-end test of the archive's care in the real window (issue 37), each part in an app
// session of its own whose XDG data folder holds the archive:
//
// (a) An archive of 5 games with an older backup of 2: the app's start makes today's backup
//     (checked from the command line), the Library's Backups… dialog lists both with their
//     games, Restore… says the current archive is kept aside under its new name, restores the
//     old one, and the Library lists its 2 games; `kepi games` reads the backup's games from the
//     archive and the 5 from the file kept aside. Back up now then replaces today's backup.
// (b) An archive of 6 games with a page of dice zeroed (as tests/archive_recovery.rs does) and
//     an older backup: the app's start finds it damaged and shows the recovery offer (the file,
//     SQLite's words, what can be saved and what not, by game); Restore a backup… shows the
//     backup and Back returns; Recover puts a new archive in its place, the damaged file kept
//     beside it byte for byte, and the Library lists the recovered games, as `kepi games` does.
//
// Screenshots: target/e2e/70-backups.png to 76-library-recovered.png.
//
//   KEPI_WD_PORT=4848 KEPI_APP=target/debug/kepi-app KEPI_BIN=target/debug/kepi \
//     xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/e2e/archive-care.test.mjs

import { test, before } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { WebDriver, waitFor } from "./webdriver.mjs";

const root = resolve(import.meta.dirname, "..", "..");
const app = resolve(root, process.env.KEPI_APP ?? "target/app/debug/kepi-app");
const kepiBin = resolve(root, process.env.KEPI_BIN ?? "target/debug/kepi");
const shots = join(root, "target", "e2e");
const work = mkdtempSync(join(tmpdir(), "kepi-e2e-care-"));
// tauri-driver's port and WebKitWebDriver's behind it; each part its own pair, and apart from
// app.test.mjs's (4444) and library-large.test.mjs's (4446).
const port = Number(process.env.KEPI_WD_PORT ?? 4448);
const OLD_DAY = "2020-01-05";

function kepi(...args) {
  const r = spawnSync(kepiBin, args, { encoding: "utf8", cwd: root });
  assert.equal(r.status, 0, `kepi ${args.join(" ")}: ${r.stdout}${r.stderr}`);
  return r.stdout;
}
/** The games of an archive as `kepi games` lists them (id, title, seed, length, date, result). */
const gamesOf = (db) => kepi("games", "--db", db).trim().split("\n").filter(Boolean);
const games = (n) => (n === 1 ? "1 game" : `${n} games`);
const today = () => new Date().toISOString().slice(0, 10);

/** A session of the app whose data folder is `data` (the archive: data/kepi/archive.kepi). */
async function session(data, p) {
  const w = new WebDriver(p);
  await w.start(app, { XDG_CONFIG_HOME: join(data, "..", "config"), XDG_DATA_HOME: data, XDG_CACHE_HOME: join(data, "..", "cache") }, root);
  await waitFor("the Library", async () => w.js("return !!document.getElementById('lib-new') && !!window.kepi;"));
  const click = async (css) => {
    await w.js("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", css);
    return w.wd("POST", `/element/${await w.find(css)}/click`, {});
  };
  const has = (css) => w.js("return !!document.querySelector(arguments[0]);", css);
  const shot = async (name) => {
    // Let the dialog settle (fonts, layout) before the picture.
    await new Promise((r) => setTimeout(r, 300));
    const file = join(shots, `${name}.png`);
    writeFileSync(file, await w.screenshot());
    console.log(`screenshot: ${file}`);
  };
  /** The games table's rows (game ids) once it shows `n` of `n`. */
  const gamesShown = (n) => waitFor(`the Library listing ${n} games`, async () => w.js(
    "const t = document.getElementById('lib-games-table'); if (!t || t.getAttribute('aria-busy') === 'true') return null;" +
    "const ids = [...t.querySelectorAll('tr[data-game]')].map((r) => Number(r.dataset.game));" +
    "return Number(t.dataset.total) === arguments[0] && ids.length === arguments[0] ? ids : null;", n));
  return { w, click, has, shot, gamesShown };
}

/** Six (or `games`) seeded games of Fatehpur recorded by `kepi autoplay --db`. */
function record(db, games, seed) {
  kepi("autoplay", "scenarios/rs-01-fatehpur.json", "--games", String(games), "--seed", String(seed), "--db", db);
}

/** Today's backup of `db`, renamed to the day `day` (an older backup). */
function olderBackup(db, day) {
  kepi("archive", "backup", "--db", db);
  const dir = join(db, "..", "backups");
  renameSync(join(dir, `archive-${today()}.kepi`), join(dir, `archive-${day}.kepi`));
  return join(dir, `archive-${day}.kepi`);
}

/** Zero the middle leaf page of the archive's dice rows (its pages found with SQLite's dbstat,
 * through Python's sqlite3), as tests/archive_recovery.rs does. */
function zeroAPageOfDice(db) {
  const py = `
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
size = c.execute("PRAGMA page_size").fetchone()[0]
pages = [r[0] for r in c.execute("SELECT pageno FROM dbstat WHERE name = 'dice_rows' AND pagetype = 'leaf' ORDER BY pageno")]
c.close()
assert len(pages) >= 3, pages
page = pages[len(pages) // 2]
with open(sys.argv[1], "r+b") as f:
    f.seek((page - 1) * size)
    f.write(bytes(size))
print(page)
`;
  const r = spawnSync("python3", ["-c", py, db], { encoding: "utf8" });
  assert.equal(r.status, 0, `zeroing a page: ${r.stdout}${r.stderr}`);
  return Number(r.stdout.trim());
}

before(() => {
  assert.ok(existsSync(app), `the app is built: ${app}`);
  assert.ok(existsSync(kepiBin), `the command line is built: ${kepiBin}`);
  mkdirSync(shots, { recursive: true });
});

test("backups: the start's daily backup, the Backups dialog, a restore that keeps the archive aside", { timeout: 240_000 }, async () => {
  const data = join(work, "a", "data");
  const db = join(data, "kepi", "archive.kepi");
  mkdirSync(join(data, "kepi"), { recursive: true });
  record(db, 2, 3);
  const backupGames = gamesOf(db);
  assert.equal(backupGames.length, 2);
  olderBackup(db, OLD_DAY);
  record(db, 3, 11);
  const allGames = gamesOf(db);
  assert.equal(allGames.length, 5);
  const backupsDir = join(data, "kepi", "backups");
  assert.ok(!existsSync(join(backupsDir, `archive-${today()}.kepi`)));

  const s = await session(data, port);
  try {
    // The start made today's backup in the background (5 games), beside the older one.
    await waitFor("today's backup, made at the start", async () => existsSync(join(backupsDir, `archive-${today()}.kepi`)));
    await s.gamesShown(5);
    const listed = JSON.parse(kepi("archive", "backups", "--db", db, "--json"));
    assert.deepEqual(listed.map((b) => b.date), [OLD_DAY, today()]);

    await s.click("#lib-backups");
    await waitFor("the backups listed", async () => (await s.w.js("return document.querySelectorAll('#backups-table tr[data-date]').length;")) === 2)
      .catch(async (e) => { throw new Error(`${e.message}: ${await s.w.js("return document.getElementById('backups-dialog')?.innerText ?? 'no dialog';")}`); });
    const rows = await s.w.js("return [...document.querySelectorAll('#backups-table tr[data-date]')].map((r) => [r.dataset.date, Number(r.dataset.games)]);");
    assert.deepEqual(rows, [[today(), 5], [OLD_DAY, 2]], "the newest first, each with its games");
    assert.match(await s.w.text("#backups-notice"), /Today's backup/);
    await s.shot("70-backups");

    // Restore… the older one: first what becomes of the current archive.
    await s.click(`button[data-restore='${OLD_DAY}']`);
    await waitFor("the confirmation", async () => s.has("#backups-confirm"));
    const confirm = await s.w.text("#backups-confirm-box");
    assert.match(confirm, /not deleted/);
    assert.match(confirm, /kept aside/);
    assert.match(confirm, /archive\.replaced-/);
    assert.match(confirm, /2 games/);
    await s.shot("71-backups-confirm");
    await s.click("#backups-confirm");
    await waitFor("the restore done", async () => s.has("#backups-restored"));
    const done = await s.w.text("#backups-restored");
    assert.match(done, /kept as archive\.replaced-\d{8}T\d{6}Z\.kepi/);
    // The Library lists the restored archive's games.
    await s.gamesShown(2);
    await s.w.js("document.getElementById('lib-games').scrollIntoView({ block: 'end' });");
    await s.shot("72-backups-restored");

    // The archive holds the backup's games; the archive that was there is kept aside, whole.
    assert.deepEqual(gamesOf(db), backupGames);
    const aside = readdirSync(join(data, "kepi")).filter((f) => /^archive\.replaced-.*\.kepi$/.test(f));
    assert.equal(aside.length, 1, `one file kept aside: ${aside}`);
    assert.deepEqual(gamesOf(join(data, "kepi", aside[0])), allGames);
    kepi("archive", "check", "--db", db);

    // Back up now: today's backup made again, of the restored archive.
    await s.click("#backups-close");
    await s.click("#lib-backups");
    await waitFor("the backups listed", async () => s.has("#backups-table"));
    await s.click("#backups-now");
    await waitFor("the backup made", async () => s.has("#backups-made"));
    await waitFor("today's backup holds the 2 games", async () =>
      s.w.js("const r = document.querySelector(`#backups-table tr[data-date='${arguments[0]}']`); return r && r.dataset.games === '2';", today()));
    await s.click("#backups-close");
  } finally {
    await s.w.stop();
  }
});

test("a damaged archive: the recovery offer, a backup offered, and the games recovered into a new archive", { timeout: 300_000 }, async () => {
  const data = join(work, "b", "data");
  const db = join(data, "kepi", "archive.kepi");
  mkdirSync(join(data, "kepi"), { recursive: true });
  record(db, 6, 3);
  const original = gamesOf(db);
  olderBackup(db, OLD_DAY);
  const page = zeroAPageOfDice(db);
  const damagedBytes = readFileSync(db);
  // The command line agrees that it is damaged, and says which games are lost.
  const check = spawnSync(kepiBin, ["archive", "check", "--db", db, "--json"], { encoding: "utf8", cwd: root });
  assert.equal(check.status, 1, check.stdout + check.stderr);
  const survey = JSON.parse(check.stdout).survey;
  assert.ok(survey.lost.length > 0, `page ${page} held some game's dice: ${check.stdout}`);
  assert.equal(survey.recovered.length + survey.lost.length, 6);

  const s = await session(data, port + 2);
  try {
    await waitFor("the recovery offer", async () => s.has("#recovery-dialog"), 60_000);
    assert.match(await s.w.text("#recovery-what"), new RegExp(`${db.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    assert.ok((await s.w.text("#recovery-detail")).length > 0, "SQLite's words");
    await waitFor("the survey", async () => s.has("#recovery-survey"), 60_000);
    assert.match(await s.w.text("#recovery-survey"), new RegExp(`${games(survey.recovered.length)} of 6`));
    // Each game that cannot be recovered, named with its reason.
    const lost = await s.w.js("return [...document.querySelectorAll('#recovery-lost tr[data-game]')].map((r) => [Number(r.dataset.game), r.textContent]);");
    assert.deepEqual(lost.map(([g]) => g), survey.lost.map((g) => g.id));
    for (const [, words] of lost) assert.match(words, /dice/);
    assert.match(await s.w.text("#recovery-recover"), new RegExp(`Recover ${games(survey.recovered.length)}`));
    await s.shot("73-recovery-offer");

    // Restore a backup…: the backups of the damaged archive; Back returns to the offer.
    await s.click("#recovery-restore");
    await waitFor("the backups", async () => s.has(`#backups-table tr[data-date='${OLD_DAY}']`));
    assert.match(await s.w.text("#backups-dialog .what"), /damaged archive/);
    await s.shot("74-recovery-backups");
    await s.click("#backups-close");
    await waitFor("the offer again", async () => s.has("#recovery-survey"), 60_000);

    // Recover: a new archive takes the archive's place; the damaged file is kept, unchanged.
    await s.click("#recovery-recover");
    await waitFor("the recovery done", async () => s.has("#recovery-done"), 120_000);
    assert.match(await s.w.text("#recovery-done"), new RegExp(`${games(survey.recovered.length)} recovered`));
    const notRecovered = await s.w.js("return [...document.querySelectorAll('#recovery-lost tr[data-game]')].map((r) => Number(r.dataset.game));");
    assert.deepEqual(notRecovered, survey.lost.map((g) => g.id), "what was not recovered, by game");
    await s.shot("75-recovery-done");
    await s.click("#recovery-close");
    await s.gamesShown(survey.recovered.length);
    await s.w.js("document.getElementById('lib-games').scrollIntoView({ block: 'start' });");
    await s.shot("76-library-recovered");

    const kept = readdirSync(join(data, "kepi")).filter((f) => /^archive\.damaged-\d{8}T\d{6}Z\.kepi$/.test(f));
    assert.equal(kept.length, 1, `the damaged file kept: ${readdirSync(join(data, "kepi"))}`);
    assert.ok(readFileSync(join(data, "kepi", kept[0])).equals(damagedBytes), "the damaged file was never written");
    const recovered = gamesOf(db);
    assert.equal(recovered.length, survey.recovered.length);
    // The recovered games are the original ones (new ids aside): seed, length, date, result.
    const strip = (lines) => lines.map((l) => l.replace(/^game\s+\d+\s+/, "")).sort();
    const savedIds = new Set(survey.recovered.map((g) => g.id));
    const expected = original.filter((l) => savedIds.has(Number(/^game\s+(\d+)/.exec(l)[1])));
    assert.deepEqual(strip(recovered), strip(expected));
    const recheck = spawnSync(kepiBin, ["archive", "check", "--db", db], { encoding: "utf8", cwd: root });
    assert.equal(recheck.status, 0, recheck.stdout + recheck.stderr);
  } finally {
    await s.w.stop();
  }
});
