#!/usr/bin/env python3
"""Paints maps/vv-wissembourg.json and writes scenarios/vv-wissembourg.json: Wissembourg,
4 August 1870, for Vae Victis Kepis Rouge at 100 paces (about 75 m) a hex, 45 columns by 47
rows (about 2.9 km from west to east and 3.5 km from north to south). North is up.

The ground is described in kilometres from the railway station (x to the east, y to the north)
and painted into hexes, as scripts/maps/rk_ground.py does at 1000 m a hex; the reading of the
ground and its fixed points are those of scripts/maps/nc_wissembourg.py (issue 43): the
Geisberg chateau 2.0 km south and 0.3 km east of the station, Altenstadt 1.25 km east of it
and a little south, the walled town north-west of the station astride the Lauter. The history,
the scaling and the orders of battle are in docs/scenarios/vv-wissembourg.md.

Pages read (through the project's search of stored pages), named again in the notes:
- memorial41.fr, "4 août 1870 - Les turkos à Wissembourg" (the division's eight battalions of
  the 50e, 74e and 1er Tirailleurs, 5,408 officers and men; seven and a half squadrons of the
  11e Chasseurs and 3e Hussards; three batteries, one of mitrailleuses, 18 guns; the Lauter's
  marshy meadows, crossed only at bridges and a few fords; the town's walls and three gates);
- aufildesmotsetdelhistoire.unblog.fr, "Le 4 août 1870 - Le combat de Wissembourg" (after
  Rousset, 1900: the Vogelsberg and the Geisberg, the chateau's walls and terrace on the
  summit's eastern slope, the three poplars, the Schafbusch farm's orchards on the Strasbourg
  road, the Lauter bridged at Altenstadt);
- deutsche-kriegsgeschichte.de, "Die Schlacht von Weißenburg am 4. August 1870" (Bothmer's
  4th Bavarian Division on the town, V Corps toward Altenstadt, XI Corps through the
  Bienwald; fire opened at 8.30; Septeuil's cavalry brigade with Douay);
- kb5ir.de, "Treffen von Weissenburg" (the Bavarian 5th Infantry Regiment's day: the 10th
  Jäger Battalion through the vineyards to the walls by 8.15, the advance-guard batteries 600
  paces south of Schweigen, the walls and their ditches, the Lauter hard to cross near the
  town);
- Fontane, Der Krieg gegen Frankreich (books.google.de, two pages: the 10th Jäger at
  Schweigen at 8, the French camp on the Geisberg by the Schafbusch; the 5th Jäger in
  Altenstadt, the 58th and 47th behind, the King's Grenadiers' three battalions leading the
  storm of the Geisberg, the 74e's bayonet counter-attack, the chateau's fire);
- Moltke, The Franco-German War of 1870-71 (knigalit.ru: thirty guns massed against the
  station, the retreat ordered at 10, the King's Grenadiers at the chateau, which gave up when
  guns were dragged up);
- gei-digital.gei.de, a school history (a battalion of turcos in the vineyards and gardens
  before the town, the Bavarians' advance at 8.30);
- weaponsandwarfare.com, "The Battle of Wissembourg, 4 August 1870" (Parts I and II, after
  Wawro: MacMahon's dispersed divisions; 300 men of the 74e and companies of turcos trapped in
  the town);
- orka.bibliothek.uni-kassel.de, Geschichte des Füsilier-Regiments von Gersdorff (Hessisches)
  Nr. 80 (1900), pp. 101, 290, 406 and 412 (the division's Jäger battalion and II/50
  detached to Seltz; II/74 in the town; the turcos' IV Battalion at the Bitche gate, III at
  the station, II south-east of it, with battery 9/9; Montmarie's brigade on the Geisberg, I/50
  in the chateau until noon and I/74 after it, III/50 and battery 12/9 back to the Schafbusch;
  the hop gardens round the chateau; the 41st Brigade of the 80th and 87th; the town's
  garrison of some 500 taken);
- visuallibrary.net, Im Zeitalter Kaiser Wilhelms des Siegreichen (1914), p. 397 (the town
  held by a battalion, the station by the turcos and a battery; Douay killed by the
  mitrailleuse battery at the three poplars);
- the German Wikipedia's "Schlacht bei Weißenburg (1870)" (via de.zxc.wiki: 22 battalions
  against 11); omaha-beach.org, "4. August 1870 Schlacht von Weissenburg" (the division's two
  brigades, Pelletier de Montmarie and Pellé); bogreolen.dk's summary of Duruy, Souvenirs de
  campagne (the camp on the Geisberg, the town on the left, the Lauter and the railway on the
  right).

Run from the repository root:  python3 scripts/maps/vv_wissembourg.py
Check:  kepi validate maps/vv-wissembourg.json scenarios/vv-wissembourg.json
"""

import json
import math
import os
import sys as _sys

_sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vv_canonical import write_scenario  # noqa: E402
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ID = "vv-wissembourg"

# Flat-topped hexes, even columns half a hex lower (the project's grids). 100 paces across the
# flats: 75 m between row centres, 65 m between column centres.
HEX_KM = 0.075
DY = HEX_KM
DX = 1.5 * HEX_KM / math.sqrt(3)
COLS, ROWS = 45, 47
X0, Y0 = -1.28, 1.05  # the centre of hex 0101, km from the station


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


HEXES = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]


def center(h):
    c, r = h
    return X0 + (c - 1) * DX, Y0 - (r - 1) * DY - (DY / 2 if c % 2 == 0 else 0)


def at(x, y):
    """The hex whose centre is nearest (x, y); None off the map."""
    c0 = round((x - X0) / DX) + 1
    best = None
    for c in range(c0 - 1, c0 + 2):
        if not 1 <= c <= COLS:
            continue
        off = DY / 2 if c % 2 == 0 else 0
        r0 = round((Y0 - off - y) / DY) + 1
        for r in range(r0 - 1, r0 + 2):
            if not 1 <= r <= ROWS:
                continue
            cx, cy = center((c, r))
            d = math.hypot(cx - x, cy - y)
            if best is None or d < best[0]:
                best = (d, (c, r))
    if best is None or best[0] > HEX_KM / math.sqrt(3) * 1.01:
        return None
    return best[1]


def hx(x, y):
    h = at(x, y)
    assert h is not None, f"({x}, {y}) is off the map"
    return h


def neighbours(h):
    x, y = center(h)
    return [n for n in HEXES
            if abs(center(n)[0] - x) < 0.1 and abs(center(n)[1] - y) < 0.1 and n != h
            and abs(math.hypot(center(n)[0] - x, center(n)[1] - y) - DY) < 1e-6]


def chain(points, step=0.004):
    """The hexes a polyline passes through, each next to the one before."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n + 1):
            h = at(x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n)
            if h is None or (out and out[-1] == h):
                continue
            out.append(h)
    for a, b in zip(out, out[1:]):
        assert b in neighbours(a), f"chain breaks between {name(a)} and {name(b)}"
    return out


def ellipse(cx, cy, a, b):
    return [h for h in HEXES
            if ((center(h)[0] - cx) / a) ** 2 + ((center(h)[1] - cy) / b) ** 2 <= 1]


def box(x1, x2, y1, y2):
    return [h for h in HEXES if x1 <= center(h)[0] <= x2 and y1 <= center(h)[1] <= y2]


# --- The ground -------------------------------------------------------------------------

# The walled town astride the Lauter, its centre about 0.6 km north and 0.35 km west of the
# station (the station on the south-eastern edge of the centre, on the right bank).
TOWN = ellipse(-0.34, 0.56, 0.33, 0.24)
STATION = [hx(0.0, 0.0), hx(0.065, 0.03)]
CHATEAU = hx(0.28, -1.98)
# The chateau's terrace wall on the east and its thick wall on the west (Rousset); its hop
# gardens (the 80th's history) on its other sides.
CHATEAU_WALLS = [hx(0.345, -1.96), hx(0.215, -2.02)]
HOP_GARDENS = [h for h in neighbours(CHATEAU) if h not in CHATEAU_WALLS]
# The farms, gardens, hedges and hop fields south-east of the station toward Altenstadt, which
# the turcos held (the 80th's history): rough going and soft cover, painted as hedged fields.
GARDENS = ellipse(0.37, -0.29, 0.25, 0.15)
ALTENSTADT = ellipse(1.25, -0.2, 0.2, 0.16)
SCHAFBUSCH = hx(-0.1, -2.3)
SCHAFBUSCH_ORCHARDS = [h for h in ellipse(-0.1, -2.3, 0.17, 0.12) if h != SCHAFBUSCH]
# Vineyards on the Schweigen slopes north of the town (the Bavarian Jäger came "through the
# vineyards"); their extent is the painter's reading, not a survey. The Landau road runs
# between them, where the Bavarian advance-guard batteries stood.
VINEYARDS = (box(-0.95, -0.5, 0.86, 1.06) + box(-0.2, -0.06, 0.87, 1.06)
             + box(0.1, 0.45, 0.87, 1.06))
# The Bienwald's western edge beyond Altenstadt (north bank); the last wooded spurs of the
# Vosges west of the town; the "great woods" behind the Geisberg (Duruy).
WOODS = (box(1.36, 2.0, 0.28, 1.2) + box(-1.4, -1.02, 0.72, 1.2)
         + box(-1.4, -0.7, -2.6, -2.05) + box(-1.4, -1.05, -2.05, -1.9))

# The Lauter: from the Vosges through the town, then south-east past the station to
# Altenstadt, along the village's north side, and on to the east.
LAUTER = chain([(-1.4, 0.52), (-0.66, 0.55), (-0.34, 0.54), (-0.02, 0.5), (0.25, 0.32),
                (0.7, 0.1), (1.1, 0.04), (1.4, 0.02), (1.7, 0.0)])
# Fords ("fordable in many places", Rousset; "a few fords", memorial41): clear gaps in the
# river, the Altenstadt bridge where the Schweighofen road crosses.
FORDS = [hx(-1.0, 0.53), hx(0.32, 0.28), hx(0.62, 0.14), hx(0.92, 0.06), hx(1.52, 0.01)]

# Heights as (x, y, levels, radius km): a level is some 20 m. The Schweigen heights north of
# the town (off the map's top edge, their southern slopes on it); the Vogelsberg and the
# Geisberg south of it, the Geisberg's summit at the three poplars just west of the chateau,
# a saddle between them.
HEIGHTS = [(-0.2, 2.3, 6, 1.6), (-1.1, -1.15, 4.4, 0.95), (0.1, -1.9, 4.4, 1.4),
           (0.08, -1.86, 5.4, 0.25), (-0.5, -1.55, 3.2, 0.85)]
POPLARS = hx(0.08, -1.86)

ROADS = [
    ("Landau road", [(-0.02, 0.58), (0.02, 0.7), (0.02, 1.1)]),
    ("Bitche road", [(-0.66, 0.6), (-1.0, 0.62), (-1.4, 0.6)]),
    ("Haguenau road (to Soultz and Strasbourg)",
     [(-0.3, 0.32), (-0.2, 0.05), (-0.11, -0.1), (-0.11, -2.6)]),
    ("Altenstadt road (to Lauterbourg)",
     [(-0.2, 0.05), (0.05, -0.06), (0.6, -0.12), (1.25, -0.2), (1.7, -0.3)]),
    ("Schweighofen road", [(1.25, -0.2), (1.125, -0.1), (1.125, 1.1)]),
]

FEATURES = [
    ("T1", "Wissembourg (the walled town, its gates of Landau, Bitche and Haguenau)", TOWN),
    ("T2", "The railway station", STATION),
    ("V3", "Altenstadt", ALTENSTADT),
    ("H4", "The Geisberg: the three poplars", [POPLARS]),
    ("T5", "Château du Geisberg, its walls and hop gardens",
     [CHATEAU] + CHATEAU_WALLS + HOP_GARDENS),
    ("V6", "Schafbusch farm and its orchards", [SCHAFBUSCH] + SCHAFBUSCH_ORCHARDS),
    ("H7", "The Vogelsberg", [hx(-1.1, -1.15)]),
    ("R8", "The Lauter", None),  # filled in below: the water hexes
    ("W9", "The Bienwald's edge", box(1.36, 2.0, 0.28, 1.2)),
    ("B10", "Altenstadt bridge", None),
]


def paint():
    terrain = {h: "." for h in HEXES}
    for h in WOODS:
        terrain[h] = "w"
    for h in GARDENS:
        terrain[h] = "h"
    for h in VINEYARDS + SCHAFBUSCH_ORCHARDS + HOP_GARDENS:
        terrain[h] = "o"
    for h in LAUTER:
        terrain[h] = "~"
    for h in ALTENSTADT + [SCHAFBUSCH]:
        terrain[h] = "v"
    for h in TOWN + STATION + [CHATEAU]:
        terrain[h] = "t"
    for h in CHATEAU_WALLS:
        terrain[h] = "l"
    for h in FORDS:
        assert terrain[h] == "~", f"ford {name(h)} is not on the Lauter"
        terrain[h] = "."
    routes = []
    bridges = []
    for rname, pts in ROADS:
        hexes = chain(pts)
        for h in hexes:
            if terrain[h] == "~":
                terrain[h] = "."  # a bridge
                bridges.append(h)
        routes.append({"kind": "road", "name": rname, "hexes": [name(h) for h in hexes]})
    elevation = {}
    for h in HEXES:
        x, y = center(h)
        e = 0.0
        for hx_, hy, height, radius in HEIGHTS:
            d = math.hypot(x - hx_, y - hy)
            e = max(e, height * max(0.0, 1 - (d / radius) ** 2))
        elevation[h] = 0 if terrain[h] == "~" else min(9, round(e))
    return terrain, elevation, routes, bridges


def build_map():
    terrain, elevation, routes, bridges = paint()
    river = [h for h in HEXES if terrain[h] == "~"]
    feats = []
    for code, fname, hexes in FEATURES:
        if code == "R8":
            hexes = river + FORDS + bridges
        if code == "B10":
            hexes = [h for h in bridges if center(h)[0] > 1.0]
            assert 1 <= len(hexes) <= 2, hexes
        feats.append({"code": code, "name": fname,
                      "hexes": sorted({name(h) for h in hexes})})
    legend = {".": "clear", "t": "town", "v": "village", "w": "woods", "o": "orchard",
              "h": "hedges", "l": "walls", "~": "water"}
    rows = ["".join(terrain[(c, r)] for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]
    erows = ["".join(str(elevation[(c, r)]) for c in range(1, COLS + 1))
             for r in range(1, ROWS + 1)]
    doc = {
        "format": "kepi-map",
        "version": 1,
        "id": ID,
        "name": "Wissembourg, 4 August 1870 (Vae Victis, 100 paces a hex)",
        "description":
            "The ground of the first battle of 1870 at 100 paces (about 75 m) a hex, 45 by 47 "
            "hexes, about 2.9 by 3.5 km: the walled town of Wissembourg (stone houses) astride "
            "the Lauter, which runs on south-east past the railway station to Altenstadt "
            "(a village) and is crossed in the town, by the Altenstadt bridge and at five "
            "fords; the vineyards on the Schweigen slopes north of the town; the Vogelsberg "
            "and the Geisberg south of it, the three poplars on the Geisberg's summit and the "
            "walled chateau on its eastern edge, the Schafbusch farm and its orchards behind "
            "it on the Haguenau road; the Bienwald's edge in the north-east, woods in the west "
            "and behind the heights; the Landau, Bitche, Haguenau, Altenstadt and Schweighofen "
            "roads. Painted by scripts/maps/vv_wissembourg.py; see "
            "docs/scenarios/vv-wissembourg.md.",
        "ruleset": "vae-victis",
        "grid": {"orientation": "flat", "shove": "even", "columns": COLS, "rows": ROWS},
        "scale": {"per_hex": 100, "unit": "paces"},
        "terrain": {"legend": legend, "rows": rows},
        "elevation": {"rows": erows},
        "hexsides": [],
        "routes": routes,
        "features": feats,
    }
    write("maps/vv-wissembourg.json", doc)
    return terrain


# --- The forces --------------------------------------------------------------------------


def el(eid, kind, hname, x, y, facing):
    """An element at (x, y) km; a reinforcement's (x None) is given an entry hex later."""
    where = name(hx(x, y)) if x is not None else None
    return {"id": eid, "name": hname, "type": kind, "hex": where, "facing": facing}


def gen(gid, gname, x, y, facing):
    where = name(hx(x, y)) if x is not None else None
    return {"id": gid, "name": gname, "hex": where, "facing": facing}


FRANCE = {
    "id": "france",
    "name": "Douay's division (France)",
    "color": "blue",
    "variant": "kepis-rouge",
    "nation": "french",
    "base_edge": "south",
    "commander_in_chief": gen("douay", "General Abel Douay", 0.02, -1.8, "N"),
    "corps": [
        {
            "id": "M",
            "name": "1st Brigade (Pelletier de Montmarie)",
            "general": gen("montmarie", "General Pelletier de Montmarie", 0.05, -1.5, "N"),
            "elements": [
                el("M-74-2", "french_line", "74e de Ligne, II Battalion (the town's walls and "
                   "gates)", -0.435, 0.79, "N"),
                el("M-74-1", "french_line", "74e de Ligne, I Battalion", 0.2, -1.25, "N"),
                el("M-74-3", "french_line", "74e de Ligne, III Battalion", -0.1, -1.3, "N"),
                el("M-50-1", "french_line", "50e de Ligne, I Battalion (the chateau)",
                   0.28, -1.98, "ENE"),
                el("M-50-3", "french_line", "50e de Ligne, III Battalion", -0.2, -1.7, "N"),
                el("M-bat", "french_artillery", "battery 12/9 (4-pounders)", 0.1, -1.6, "N"),
                el("M-mit", "mitrailleuse", "the division's mitrailleuse battery (the three "
                   "poplars)", 0.08, -1.86, "N"),
            ],
        },
        {
            "id": "P",
            "name": "2nd Brigade (Pellé) and Septeuil's cavalry",
            "general": gen("pelle", "General Pellé", -0.08, -0.12, "N"),
            "elements": [
                el("P-T4", "turcos", "1er Tirailleurs algériens, IV Battalion (the Bitche "
                   "gate)", -0.63, 0.6, "N"),
                el("P-T3", "turcos", "1er Tirailleurs algériens, III Battalion (the station)",
                   0.0, 0.0, "N"),
                el("P-T2", "turcos", "1er Tirailleurs algériens, II Battalion (the gardens "
                   "south-east of the station)", 0.35, -0.35, "ENE"),
                el("P-bat", "french_artillery", "battery 9/9 (4-pounders), with the turcos",
                   0.1, -0.25, "N"),
                el("P-hus", "light_cavalry", "3e Hussards", -0.35, -2.1, "N"),
                el("P-chas", "light_cavalry", "11e Chasseurs à cheval", -0.45, -2.2, "N"),
            ],
        },
    ],
}

GERMANY = {
    "id": "germany",
    "name": "Third Army (Germany)",
    "color": "black",
    "variant": "kepis-rouge",
    "nation": "german",
    "base_edge": "north",
    "commander_in_chief": gen("crown-prince", "Crown Prince Friedrich Wilhelm", -0.5, 1.05,
                              "S"),
    "corps": [
        {
            "id": "B",
            "name": "4th Bavarian Division (Bothmer)",
            "general": gen("bothmer", "Lieutenant-General Count Bothmer", -0.2, 1.0, "S"),
            "elements": [
                el("B-jag", "jagers", "Bavarian 10th Jäger Battalion", -0.4, 0.93, "S"),
                el("B-5-1", "german_line", "Bavarian 5th Infantry Regiment, I Battalion",
                   -0.8, 0.95, "S"),
                el("B-5-3", "german_line", "Bavarian 5th Infantry Regiment, III Battalion",
                   -0.1, 0.91, "S"),
                el("B-i3", "german_line", "a Bavarian battalion", -0.6, 0.98, "S"),
                el("B-i4", "german_line", "a Bavarian battalion", 0.15, 0.93, "S"),
                el("B-i5", "german_line", "a Bavarian battalion", 0.35, 0.95, "S"),
                el("B-i6", "german_line", "a Bavarian battalion", -0.3, 1.02, "S"),
                el("B-art", "german_artillery", "the advance-guard batteries (Schweigen)",
                   0.06, 1.04, "S"),
                el("B-chev", "light_cavalry", "the division's Chevaulegers", -0.95, 1.02,
                   "S"),
            ],
        },
        {
            "id": "V",
            "name": "V Corps: 9th Division (Kirchbach)",
            "general": gen("kirchbach", "Lieutenant-General von Kirchbach", None, None, "S"),
            "elements": [
                el("V-jag", "jagers", "5th Jäger Battalion", None, None, "S"),
                el("V-kg-1", "prussian", "King's Grenadiers (No. 7), I Battalion", None, None,
                   "S"),
                el("V-kg-2", "prussian", "King's Grenadiers (No. 7), II Battalion", None,
                   None, "S"),
                el("V-kg-f", "prussian", "King's Grenadiers (No. 7), Fusilier Battalion",
                   None, None, "S"),
                el("V-58-1", "german_line", "58th Infantry, a battalion", None, None, "S"),
                el("V-58-2", "german_line", "58th Infantry, a battalion", None, None, "S"),
                el("V-47-1", "german_line", "47th Infantry, a battalion", None, None, "S"),
                el("V-47-2", "german_line", "47th Infantry, a battalion", None, None, "S"),
                el("V-art", "german_artillery",
                   "V Corps batteries (massed against the station)", None, None, "S"),
            ],
        },
        {
            "id": "XI",
            "name": "XI Corps: 41st Brigade (Bose)",
            "general": gen("bose", "Lieutenant-General von Bose", None, None, "WNW"),
            "elements": [
                el("XI-80-1", "german_line", "80th Fusiliers, a battalion", None, None, "WNW"),
                el("XI-80-2", "german_line", "80th Fusiliers, a battalion", None, None, "WNW"),
                el("XI-80-3", "german_line", "80th Fusiliers, a battalion", None, None, "WNW"),
                el("XI-87-1", "german_line", "87th Infantry, a battalion", None, None, "WNW"),
                el("XI-87-2", "german_line", "87th Infantry, a battalion", None, None, "WNW"),
                el("XI-87-3", "german_line", "87th Infantry, a battalion", None, None, "WNW"),
                el("XI-hus", "light_cavalry", "XI Corps hussars", None, None, "WNW"),
            ],
        },
    ],
}

# The corps that arrive during the action (VV 4.1): their people stand at entry hexes.
REINFORCING = [p for c in GERMANY["corps"][1:] for p in [c["general"]] + c["elements"]]

COSTS = {"french_line": 3, "turcos": 4, "french_artillery": 3, "mitrailleuse": 4,
         "light_cavalry": 2, "jagers": 3, "german_line": 3, "prussian": 3,
         "german_artillery": 5}
# Kepis Rouge's national maximums ("Maximums refer to numbers of elements per army").
MAXIMUMS = {"prussian": 4, "french_artillery": 2, "german_artillery": 2, "mitrailleuse": 1}

V_TURN, XI_TURN = 3, 5


def french_zone(x, y, terrain, h):
    return h in TOWN or (x < 0.95 and y < river_y(x) and terrain[h] != "~")


def river_y(x):
    """The Lauter's latitude at x (the centre of its nearest hex): south of it is the right
    bank."""
    near = [center(h) for h in LAUTER if abs(center(h)[0] - x) < DX * 0.75]
    return min(c[1] for c in near)


def german_zone(x, y, terrain, h):
    return y >= 0.9 and x <= 0.5 and h not in TOWN and terrain[h] != "~"


def v_entry(x, y, terrain, h):
    return 0.6 <= x <= 1.34 and h[1] == 1


def xi_entry(x, y, terrain, h):
    return h[0] == COLS and -1.75 <= y <= -0.6


def zone(test, terrain):
    return [name(h) for h in HEXES if test(*center(h), terrain, h)]


def check_forces(terrain, zones):
    seen = {}
    for side, zone_names in zip((FRANCE, GERMANY), zones):
        counts = {}
        people = [side["commander_in_chief"]]
        for corps in side["corps"]:
            points = sum(COSTS[e["type"]] for e in corps["elements"])
            assert points <= 36, f"corps {corps['id']} costs {points} points"
            corps["_points"] = points
            for e in corps["elements"]:
                counts[e["type"]] = counts.get(e["type"], 0) + 1
            people += [corps["general"]] + corps["elements"]
        for k, n in counts.items():
            assert n <= MAXIMUMS.get(k, 99), f"{side['id']}: {n} {k}, over the maximum"
        for p in people:
            assert p["hex"] not in seen, f"{p['id']} and {seen[p['hex']]} share {p['hex']}"
            seen[p["hex"]] = p["id"]
            c, r = int(p["hex"][:2]), int(p["hex"][2:])
            assert terrain[(c, r)] != "~", f"{p['id']} stands in the Lauter"
            if p not in REINFORCING:
                assert p["hex"] in zone_names, f"{p['id']} at {p['hex']} is outside its zone"


def write(relative, doc):
    with open(os.path.join(ROOT, relative), "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {relative}", file=sys.stderr)


HISTORY = (
    "**4 August 1870.** The first battle of the Franco-Prussian War. MacMahon had spread the "
    "four divisions of his I Corps across northern Alsace, ten to twenty miles apart; the 2nd, "
    "General Abel Douay's, had reoccupied Wissembourg, an old walled town on the Lauter, the "
    "border with the Bavarian Palatinate, and camped on the Geisberg south of it, told that "
    "the enemy had no large force near. About 8.30 the Bavarian advance-guard batteries opened "
    "from the slopes below Schweigen and Bothmer's 4th Bavarian Division came down through the "
    "vineyards against the town, where a battalion of the 74e and turcos held the walls and "
    "gates. Kirchbach's Prussian V Corps came in on the Bavarians' left by Altenstadt, its "
    "5th Jäger taking the village and its massed batteries (thirty guns) firing on the "
    "station, which the turcos held; Bose's XI Corps came out of the Bienwald round the French "
    "right onto the Geisberg. Douay ordered the retreat about 10 and was killed soon after, "
    "beside his mitrailleuse battery at the three poplars, when a caisson blew up. The station "
    "and then, about 1 p.m., the town fell; the King's Grenadiers stormed up the Geisberg, "
    "beat off a bayonet counter-attack of the 74e and were stopped at the walled chateau, whose "
    "garrison gave in about 2 p.m. only when guns were dragged up the height. Pellé drew the "
    "rest of the division off to the south-west. The French lost about 2,300 men, some 700 of "
    "them prisoners; the Germans 1,551."
)

READING = (
    "An element is about a battalion: a French battalion of the division some 650 men (eight "
    "battalions, 5,408 officers and men: the 74e's three, the 50e's I and III, the turcos' II, "
    "III and IV; the Jäger battalion and II/50 were away at Seltz), a German one up to a "
    "thousand; a French battery (six "
    "guns) or the mitrailleuse battery; a German element of artillery a group of batteries; "
    "a cavalry regiment. The Kepis Rouge sheet caps each army at two French or two German "
    "artillery elements, one Mitrailleuse and four Prussian elements: Douay's two 4-pounder "
    "batteries and his mitrailleuse battery are exactly the French maximum; the Third Army's "
    "144 guns shrink to its two elements (the Bavarian advance-guard batteries and V Corps' "
    "thirty guns against the station; XI Corps has none); only the King's Grenadiers, who led "
    "the storm of the Geisberg, are `prussian` (three of the four allowed), every other German "
    "battalion `german_line`. Each side's corps are its brigades or divisions, each within 36 "
    "points: France 22 and 19, Germany 28, 29 and 20. The French stand where the accounts put "
    "them at 8.30; the Bavarians start on the slopes north of the town; V Corps enters on "
    f"game-turn {V_TURN} on the northern edge by the Schweighofen road, XI Corps on game-turn "
    f"{XI_TURN} on the eastern edge south of the Lauter. Victory is VV 10's, by army morale: "
    "the ground that mattered (the town, the station, the Geisberg and its chateau, the "
    "Lauter's crossings) is named on the map."
)

SOURCES = (
    "Geschichte des Füsilier-Regiments von Gersdorff (Hessisches) Nr. 80 (1900, "
    "orka.bibliothek.uni-kassel.de: the French battalions by number and place); Im Zeitalter "
    "Kaiser Wilhelms des Siegreichen (1914, visuallibrary.net); memorial41.fr (\"4 août "
    "1870 - Les turkos à Wissembourg\"); "
    "aufildesmotsetdelhistoire.unblog.fr (Rousset, 1900); deutsche-kriegsgeschichte.de (\"Die "
    "Schlacht von Weißenburg\"); kb5ir.de (\"Treffen von Weissenburg\"); Fontane, Der Krieg "
    "gegen Frankreich (books.google.de); Moltke, The Franco-German War of 1870-71 "
    "(knigalit.ru); gei-digital.gei.de (a school history); weaponsandwarfare.com (\"The Battle "
    "of Wissembourg, 4 August 1870\", after Wawro); the German Wikipedia (\"Schlacht bei "
    "Weißenburg (1870)\"); omaha-beach.org; Duruy's Souvenirs de campagne (bogreolen.dk). "
    "The ground as read for scenarios/nc-wissembourg.json (issue 43). Details in "
    "docs/scenarios/vv-wissembourg.md."
)


def build_scenario(terrain):
    zones = [zone(french_zone, terrain), zone(german_zone, terrain)]
    assert not set(zones[0]) & set(zones[1])
    entries = [zone(v_entry, terrain), zone(xi_entry, terrain)]
    # A reinforcement stands off the map until it enters (VV 4.1); its hexes in the file are
    # entry hexes, one each, in the order of the list (the general first).
    for corps, ent in zip(GERMANY["corps"][1:], entries):
        people = [corps["general"]] + corps["elements"]
        assert len(ent) >= len(people), f"corps {corps['id']}: too few entry hexes"
        for p, h in zip(people, ent):
            p["hex"] = h
    check_forces(terrain, zones)
    for side in (FRANCE, GERMANY):
        for corps in side["corps"]:
            corps.pop("_points")
    doc = {
        "format": "kepi-scenario",
        "version": 1,
        "id": ID,
        "ruleset": "vae-victis",
        "title": "Wissembourg",
        "date": "4 August 1870",
        "portion": "Douay's division in the town, at the station and on the Geisberg against "
                   "Bothmer's Bavarians and the Prussian V and XI Corps, from 8.30 a.m. to the "
                   "surrender of the Geisberg chateau about 2 p.m.",
        "map": ID,
        "deploys_first": "france",
        "moves_first": "germany",
        "deployment": [
            {"side": "france", "zone": {
                "text": "France sets up in the town and south of the Lauter west of "
                        "Altenstadt.",
                "hexes": zones[0]}},
            {"side": "germany", "zone": {
                "text": "The Bavarians set up on the Schweigen slopes north of the town: the "
                        "top three rows, as far east as the vineyards east of the Landau road.",
                "hexes": zones[1]}},
        ],
        "reinforcements": [
            {"side": "germany", "group": "V", "turn": V_TURN, "entry": {
                "text": f"Kirchbach's V Corps enters on game-turn {V_TURN} on the northern "
                        "edge by the Schweighofen road, north of Altenstadt.",
                "hexes": entries[0]}},
            {"side": "germany", "group": "XI", "turn": XI_TURN, "entry": {
                "text": f"Bose's XI Corps enters on game-turn {XI_TURN} on the eastern edge "
                        "south of the Lauter, out of the Bienwald round the French right.",
                "hexes": entries[1]}},
        ],
        "game_length": 14,
        "events": [
            {"turn": 1, "at": "start", "text":
                "About 8.30 a.m.: the Bavarian batteries below Schweigen open fire on the town; "
                "each game-turn is some 25 minutes, the fourteenth ends about 2.20 p.m.",
             "does": {"kind": "note"}},
            {"turn": V_TURN, "at": "start", "text":
                "About 9.20: Kirchbach's V Corps comes up by the Schweighofen road toward "
                "Altenstadt.",
             "does": {"kind": "note"}},
            {"turn": XI_TURN, "at": "start", "text":
                "About 10.10: Bose's XI Corps comes out of the Bienwald onto the French right. "
                "Douay has ordered the retreat (about 10); he was killed about 10.30 at the "
                "three poplars (history only: the scenario does not remove him).",
             "does": {"kind": "note"}},
        ],
        "sides": [FRANCE, GERMANY],
        "notes": {"history": HISTORY, "reading": READING, "source": SOURCES},
    }
    write_scenario("scenarios/vv-wissembourg.json", doc)


if __name__ == "__main__":
    build_scenario(build_map())
