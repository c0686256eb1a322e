"""Read a Kepi-exported VASSAL module back with pywargame and check it against what Kepi says it
holds (the JSON of `kepi vassal export --expected`).

Usage: check_vmod.py MODULE.vmod EXPECTED.json

Checks (each failure is printed; exit 1 if any):
- the zip holds moduledata (VassalVersion at least 3.7) and buildFile.xml;
- every PieceSlot's piece decodes (pywargame's trait decoder) into mark traits and a basic
  piece whose image is in the module; gpids are unique and below nextPieceSlotId;
- every unit is a piece in its side's tray with its side, type and values as properties (and a
  unit that faces a rotate trait of twelve angles at its facing's index), and in
  a game every unit on the map is in the SetupStack of its hex, markers included;
- every SetupStack names a hex of the map (useGridLocation);
- for every hex, the centre VASSAL's HexGridNumbering.getCenterPoint gives its name (computed
  here from the grid's attributes, as the Java code does) is within 1 px of the hex's centre in
  the board picture, VASSAL's getRow/getColumn name the picture's centre pixel back with the
  hex's name, and the board picture has the size Kepi drew."""

import json
import re
import sys
import zipfile

import pywargame_compat  # noqa: F401  (pywargame on Python 3.11)
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.grid import HexGrid
from pywargame.vassal.map import Map
from pywargame.vassal.mapelements import AtStart
from pywargame.vassal.vmod import VMod
from pywargame.vassal.widget import PieceSlot
from pywargame.vassal.traits.basic import BasicTrait
from pywargame.vassal.traits.mark import MarkTrait
from pywargame.vassal.traits.rotate import RotateTrait

problems = []


def problem(msg):
    problems.append(msg)


def java_int(v):
    """Java's (int) cast of a double: truncation toward zero."""
    return int(v)


def center_point(grid, numbering, name):
    """VASSAL's RegularGridNumbering.getLocation then HexGridNumbering.getCenterPoint."""
    first = numbering["first"]
    h_lead, v_lead = int(numbering["hLeading"]), int(numbering["vLeading"])
    col_pat = "(-?[0-9]{%d,})" % (h_lead + 1)
    row_pat = "(-?[0-9]{%d,})" % (v_lead + 1)
    sep = re.escape(numbering["sep"] or "")
    pat = col_pat + sep + row_pat if first == "H" else row_pat + sep + col_pat
    m = re.fullmatch(pat, name)
    if not m:
        return None
    col_s, row_s = (m.group(1), m.group(2)) if first == "H" else (m.group(2), m.group(1))
    col = int(col_s) - int(numbering["hOff"])
    row = int(row_s) - int(numbering["vOff"])
    if numbering["stagger"] == "true" and col % 2 != 0:
        row -= 1
    dx, dy = float(grid["dx"]), float(grid["dy"])
    x = java_int(col * dx) + int(grid["x0"])
    # Java's col % 2 keeps the sign; -1 is odd too.
    if col % 2 == 0:
        y = java_int(row * dy)
    else:
        y = java_int(row * dy + dy / 2)
    y += int(grid["y0"])
    if grid["sideways"] == "true":
        x, y = y, x
    return x, y


def java_round(v):
    """Java's Math.round: floor(v + 0.5)."""
    import math

    return math.floor(v + 0.5)


def location_name(grid, numbering, px, py):
    """VASSAL's HexGridNumbering.getColumn/getRow and RegularGridNumbering.getName for a point
    (stagger off, nothing descending: what Kepi writes)."""
    import math

    if grid["sideways"] == "true":
        px, py = py, px
    dx, dy = float(grid["dx"]), float(grid["dy"])
    x0, y0 = int(grid["x0"]), int(grid["y0"])
    col = math.floor((px - x0) / dx + 0.5)
    nx = java_round((px - x0) / dx)
    if nx % 2 == 0:
        row = java_round((py - y0) / dy)
    else:
        row = java_round((py - y0 - dy / 2) / dy)

    def name(n, leading):
        val = "-" if n < 0 else ""
        n = abs(n)
        while leading > 0 and n < 10 ** leading:
            val += "0"
            leading -= 1
        return val + str(n)

    col_name = name(col + int(numbering["hOff"]), int(numbering["hLeading"]))
    row_name = name(row + int(numbering["vOff"]), int(numbering["vLeading"]))
    sep = numbering["sep"] or ""
    return col_name + sep + row_name if numbering["first"] == "H" else row_name + sep + col_name


def traits_of(slot):
    marks, basic = {}, None
    for t in slot.getTraits():
        if isinstance(t, RotateTrait):
            # Kept beside the marks under a name no property has: its angle's index.
            marks["(rotate)"] = (t["nangles"], t["angle"])
        if isinstance(t, MarkTrait):
            # A PieceSlot holds an AddPiece command, whose '/' separator is escaped inside
            # values ("6\\/1-2-6"); VASSAL's decoder (SequenceEncoder.Decoder) removes the
            # escape, pywargame's reader keeps it: undo it here as VASSAL does.
            marks[t["name"]] = t["value"].replace("\\/", "/")
        elif isinstance(t, BasicTrait):
            basic = t
    return marks, basic


def main(vmod_path, expected_path):
    with open(expected_path) as f:
        exp = json.load(f)
    names = set(zipfile.ZipFile(vmod_path).namelist())
    for required in ("moduledata", "buildFile.xml", exp["board"]["image"]):
        if required not in names:
            problem(f"{required} missing from the module")
    with VMod(vmod_path, "r") as v:
        data = v.getModuleData()
        vv = data.getElementsByTagName("VassalVersion")[0].firstChild.nodeValue
        if tuple(int(p) for p in vv.split(".")[:2]) < (3, 7):
            problem(f"VassalVersion {vv} is below 3.7")
        build = BuildFile(v.getDOM("buildFile.xml"))
        board_png = v.getFiles(exp["board"]["image"])[exp["board"]["image"]]
    game = build.getGame()
    next_id = int(game["nextPieceSlotId"])
    if next_id != exp["next_piece_slot_id"]:
        problem(f"nextPieceSlotId {next_id}, expected {exp['next_piece_slot_id']}")

    # Play aids: the 1d6 button, the game-turn counter of the scenario's length, the help page.
    dice = game.getDiceButtons()
    if not any(d["nDice"] == "1" and d["nSides"] == "6" for d in dice.values()):
        problem("no 1d6 dice button")
    turns = [e for e in build._root.getElementsByTagName("VASSAL.build.module.turn.CounterTurnLevel")]
    if not any(t.getAttribute("loopLimit") == str(exp["game_length"]) for t in turns):
        problem(f"no game-turn counter of {exp['game_length']} game-turns")
    helps = build._root.getElementsByTagName("VASSAL.build.module.documentation.HelpFile")
    if not any(h.getAttribute("fileName") in names for h in helps):
        problem("no help page in the module")

    # Every slot: decodable, unique gpid, image present.
    all_slots = game.getAllElements(PieceSlot, single=False)
    gpids = [int(s["gpid"]) for s in all_slots]
    if len(set(gpids)) != len(gpids):
        problem("piece slot ids are not unique")
    if gpids and max(gpids) >= next_id:
        problem(f"a piece slot id {max(gpids)} is not below nextPieceSlotId {next_id}")
    for s in all_slots:
        marks, basic = traits_of(s)
        if basic is None:
            problem(f"slot {s['entryName']}: no basic piece")
            continue
        if "images/" + basic["filename"] not in names:
            problem(f"slot {s['entryName']}: image {basic['filename']} missing")

    # Trays: every unit in its side's window, with its values.
    windows = game.getPieceWindows()
    for side in exp["sides"]:
        if side not in windows:
            problem(f"no counter tray for {side}")
    tray = {}
    for wname, w in windows.items():
        for s in w.getAllElements(PieceSlot, single=False):
            tray[s["entryName"]] = (wname, traits_of(s)[0])
    for u in exp["units"]:
        got = tray.get(u["label"])
        if got is None:
            problem(f"{u['label']} is in no tray")
            continue
        wname, marks = got
        if wname != u["side"] or marks.get("Side") != u["side"]:
            problem(f"{u['label']} is in tray {wname} with side {marks.get('Side')}, not {u['side']}")
        if marks.get("Type") != u["type"]:
            problem(f"{u['label']}: type {marks.get('Type')}, expected {u['type']}")
        for k, val in u["properties"].items():
            if marks.get(k) != val:
                problem(f"{u['label']}: {k} = {marks.get(k)!r}, expected {val!r}")
        rotate = marks.get("(rotate)")
        if u.get("facing") is None:
            if rotate is not None:
                problem(f"{u['label']} does not face, yet its piece rotates: {rotate}")
        elif rotate is None or str(rotate[0]) != "12" or str(rotate[1]) != str(u["facing"]):
            problem(f"{u['label']}: rotate trait {rotate}, expected twelve angles at index {u['facing']}")

    # The grid.
    maps = game.getMaps()
    if len(maps) != 1:
        problem(f"{len(maps)} maps, expected 1")
    the_map = list(maps.values())[0]
    grids = the_map.getAllElements(HexGrid, single=False)
    if len(grids) != 1:
        problem(f"{len(grids)} hex grids, expected 1")
        return
    grid = grids[0]
    numbering = grid.getNumbering()[0]
    hexes = {h["name"] for h in exp["hexes"]}
    worst = 0.0
    for h in exp["hexes"]:
        c = center_point(grid, numbering, h["name"])
        if c is None:
            problem(f"VASSAL's numbering does not read {h['name']}")
            continue
        d = max(abs(c[0] - h["x"]), abs(c[1] - h["y"]))
        worst = max(worst, d)
        if d >= 1.0:
            problem(f"{h['name']}: VASSAL centre {c}, picture centre ({h['x']:.2f}, {h['y']:.2f})")
        # And back: VASSAL names the picture's centre pixel as Kepi does.
        back = location_name(grid, numbering, int(h["x"]), int(h["y"]))
        if back != h["name"]:
            problem(f"{h['name']}: VASSAL names its centre pixel {back}")
    # PNG header: width and height.
    w = int.from_bytes(board_png[16:20], "big")
    hgt = int.from_bytes(board_png[20:24], "big")
    if (w, hgt) != (exp["board"]["width"], exp["board"]["height"]):
        problem(f"board picture is {w} x {hgt}, expected {exp['board']['width']} x {exp['board']['height']}")

    # Set-up stacks.
    on_map = {}
    for st in the_map.getAllElements(AtStart, single=False):
        loc = st["location"]
        if st["useGridLocation"] != "true" or loc not in hexes:
            problem(f"set-up stack {st['name']} names no hex of the map ({loc!r})")
        for s in st.getAllElements(PieceSlot, single=False):
            marks, _ = traits_of(s)
            on_map.setdefault(loc, []).append((s["entryName"], marks))
    for u in exp["units"]:
        if u["hex"] is None:
            continue
        found = [m for n, m in on_map.get(u["hex"], []) if n == u["label"]]
        if len(found) != 1:
            problem(f"{u['label']} is not set up once in {u['hex']}")
        elif found[0].get("Side") != u["side"] or found[0].get("Type") != u["type"]:
            problem(f"{u['label']} in {u['hex']} has the wrong side or type")
    for m in exp["markers"]:
        if not any(k.get("Marker") == m["marker"] for _, k in on_map.get(m["hex"], [])):
            problem(f"marker {m['marker']} missing in {m['hex']}")
    n_units = sum(1 for u in exp["units"] if u["hex"] is not None)
    n_stacked = sum(1 for v in on_map.values() for _, k in v if "Type" in k)
    if n_units != n_stacked:
        problem(f"{n_stacked} units set up on the map, expected {n_units}")
    print(
        f"{vmod_path}: {len(all_slots)} slots, {len(exp['units'])} units, "
        f"{n_units} on the map, {len(exp['markers'])} markers, {len(hexes)} hexes, "
        f"worst centre error {worst:.3f} px"
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
    for p in problems:
        print("problem:", p)
    sys.exit(1 if problems else 0)
