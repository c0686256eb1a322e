#!/usr/bin/env python3
"""Paints maps/vv-quatre-bras.json and writes scenarios/vv-quatre-bras.json: Quatre Bras,
16 June 1815, for Vae Victis, La Grande Armée, at 100 paces (about 75 m) a hex.

Ney's left wing of the Armée du Nord (Reille's II Corps: Bachelu's and Foy's divisions with
Piré's light cavalry at 2 p.m., Jérôme's division behind them, then Guiton's brigade of
Kellermann's cuirassiers) against the Prince of Orange's 2nd Netherlands Division
(Perponcher) at the crossroads, Wellington's divisions coming up through the afternoon:
Picton's 5th down the Brussels road, the Brunswick corps and van Merlen's light cavalry,
then Alten's 3rd Division and Cooke's Guards along the Nivelles road.

The ground is described in kilometres from the crossroads (x to the east, y to the north) and
painted into flat-topped hexes 75 m across (Kepi's grid: even columns half a hex lower). It
is read from these pages (the notes, docs/scenarios/vv-quatre-bras.md, say what each gave):

- Leon Parte, "Quatre Bras 16th June 1815", First Empire 59, stefanov.no-ip.org/MagWeb/
  1stempir/59/fe59qb1.htm and fe59qb2.htm: the Bois de Bossu west of the Charleroi road; the
  brook rising in the wood, running east north of Gemioncourt to a pond half a mile east of
  the road, with Piraumont by the pond and Pierrepont at the wood's southern edge; its thick
  hedges, impassable to horse; the ground rising on both sides of it; three quarters of a
  mile from Gemioncourt's southern enclosure to the farm at the crossroads; Perponcher at
  the south of the wood and Pierrepont by 6 a.m., Picton's division on the Namur road by 3.30.
- "The Landscapes of Campaign Waterloo IV", wargame.ch/wc/nwc/Club_Webpages/Newsletter/
  newsletter24/Middle.html: the Materne (Piraumont) pond, Gemioncourt farm and its gardens,
  the 27th Jagers and the 5th Militia there.
- Henry Houssaye's account of the battle, Revue des Deux Mondes 1898, tome 145, pages 638-645
  (fr.wikisource.org, Page:Revue_des_Deux_Mondes_-_1898_-_tome_145.djvu/638 to /645): Bachelu,
  Piré and Jamin toward Piraumont, Gauthier in reserve, Jamin wheeling at Lairalle onto
  Gemioncourt, Jérôme out of Frasnes at 3 against Pierrepont, van Merlen by the Nivelles road,
  the Brunswickers before 4, the Guards between 6 and 7, the losses.
- The Battle of Quatre Bras (Wikipedia's article), howlingpixel.com/i-en/Battle_of_Quatre_Bras,
  and the timeline posts at dpep.bennosfiguresforum.com (viewtopic.php?f=2&t=21531) and
  theminiaturespage.com (msg.mv?id=535780): Husson's brigade and Huber's chasseurs toward
  Lairalle and Piraumont, Campi toward Gemioncourt, Foy up the Charleroi road, the 8th and
  11th Cuirassiers, Cooke by the Nivelles road.

Run from the repository root:  python3 scripts/maps/vv_quatre_bras.py
"""

import json
import math
import os
import sys as _sys

_sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vv_canonical import write_scenario  # noqa: E402
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HEX_KM = 0.075  # 100 paces: the distance between neighbouring hex centres
DX = HEX_KM * math.sqrt(3) / 2  # column spacing
DY = HEX_KM  # row spacing
COLS, ROWS = 45, 33
X0, Y0 = -1.22, 0.52  # the centre of hex 0101, km from the crossroads


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


def center(c, r):
    """Centre of hex (column, row), 1-based; even columns sit half a hex lower."""
    return X0 + (c - 1) * DX, Y0 - (r - 1) * DY - (DY / 2 if c % 2 == 0 else 0)


HEXES = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]


def at(x, y):
    """The hex whose centre is nearest (x, y), or None off the map."""
    best = min(HEXES, key=lambda h: (center(*h)[0] - x) ** 2 + (center(*h)[1] - y) ** 2)
    bx, by = center(*best)
    return best if math.hypot(bx - x, by - y) <= HEX_KM * 0.6 else None


def H(x, y):
    h = at(x, y)
    assert h is not None, f"({x}, {y}) is off the map"
    return name(h)


def neighbours(h):
    c, r = h
    if c % 2 == 0:
        side = [(c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    else:
        side = [(c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    out = [(c, r - 1), (c, r + 1)] + side
    return [(a, b) for a, b in out if 1 <= a <= COLS and 1 <= b <= ROWS]


def chain(points, step=0.01):
    """The hexes a polyline passes through, each touching the next."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n + 1):
            h = at(x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n)
            if h is None or (out and out[-1] == h):
                continue
            if out and h not in neighbours(out[-1]):
                # the line crossed a corner: step through the neighbour nearest the line
                a = out[-1]
                mid = [n2 for n2 in neighbours(a) if h in neighbours(n2)]
                px, py = (center(*a)[0] + center(*h)[0]) / 2, (center(*a)[1] + center(*h)[1]) / 2
                out.append(min(mid, key=lambda m: math.hypot(center(*m)[0] - px,
                                                              center(*m)[1] - py)))
            out.append(h)
    return out


def seg_dist(px, py, pts):
    """Distance from (px, py) to a polyline."""
    best = 1e9
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
    return best


def inside(px, py, poly):
    """Point in polygon (even-odd)."""
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


# --- The ground ----------------------------------------------------------------------------

# The Bois de Bossu (cut down since): from a few hundred paces south-west of the crossroads
# some 1.3 km south along the west side of the Charleroi road, Pierrepont at its southern end.
BOSSU = [(-0.16, -0.10), (-0.42, -0.04), (-0.78, -0.20), (-0.98, -0.70), (-1.06, -1.22),
         (-0.86, -1.30), (-0.58, -1.26), (-0.40, -1.02), (-0.28, -0.62), (-0.18, -0.30)]
# The Bois des Censes, north of the Namur road beyond Piraumont.
CENSES = [(1.10, 0.06), (1.30, 0.24), (1.62, 0.20), (1.62, -0.10), (1.36, -0.16)]

# The brook: rises in the wood, runs east north of Gemioncourt into the Materne pond and on
# past Piraumont; thick hedges on both banks (hedged hexes: rough going, soft cover).
BROOK = [(-0.52, -0.72), (-0.24, -0.80), (0.04, -0.80), (0.36, -0.86), (0.66, -0.88),
         (0.90, -0.82), (1.20, -0.80), (1.66, -0.86)]
POND = [(0.68, -0.88), (0.78, -0.86)]  # the étang Materne
BROOK_HEXES = set(chain(BROOK))

# Stone farms (hard cover) and hamlets (wooden houses, soft cover): (x, y, radius km).
FARMS = {
    "Quatre Bras": [(0.00, 0.06, 0.05)],
    "Gemioncourt": [(0.07, -0.98, 0.05)],
    "Pierrepont": [(-0.98, -1.40, 0.04)],
    "Lairalle": [(0.86, -1.16, 0.04)],
}
HAMLETS = {
    "Quatre Bras houses": [(-0.06, -0.02, 0.04), (0.07, 0.00, 0.03)],
    "Piraumont": [(1.30, -0.56, 0.06), (1.40, -0.62, 0.04)],
}
# Gardens and hedged enclosures about the farms and Piraumont.
ENCLOSURES = [(0.07, -0.98, 0.12), (1.34, -0.58, 0.13), (-0.98, -1.40, 0.09),
              (0.86, -1.16, 0.08)]
ORCHARDS = [(-0.90, -1.46, 0.05), (0.18, -1.04, 0.05)]

# Roads: the Charleroi-Brussels high road, the Namur road, the Nivelles road.
CHARLEROI = [(0.014, -1.95), (0.014, 0.55)]  # nearly straight north-south: one column
NAMUR = [(0.00, 0.00), (0.60, -0.18), (1.20, -0.34), (1.70, -0.44)]
NIVELLES = [(0.00, 0.00), (-0.60, 0.14), (-1.24, 0.26)]


def elevation(x, y):
    """Levels: the brook's valley 0; the slopes 1; the crossroads' rise along the Namur and
    Nivelles roads and the French ridge south of Gemioncourt, where Ney's guns stood, 2."""
    if seg_dist(x, y, BROOK) < 0.09 and x > -0.6:
        return 0
    if y > -0.83:
        return 2 if y > -0.36 else 1
    if -1.78 < y < -1.32:
        return 2
    return 1


def paint():
    """Each hex's terrain key (the legend of map_doc)."""
    terrain = {}
    for h in HEXES:
        x, y = center(*h)
        t = "."
        if any(math.hypot(x - cx, y - cy) <= r for cx, cy, r in ENCLOSURES):
            t = "h"
        if any(math.hypot(x - cx, y - cy) <= r for cx, cy, r in ORCHARDS):
            t = "o"
        if h in BROOK_HEXES:
            t = "h"
        if inside(x, y, BOSSU) or inside(x, y, CENSES):
            t = "w"
        if seg_dist(x, y, POND) < 0.05:
            t = "~"
        for pts in HAMLETS.values():
            if any(math.hypot(x - cx, y - cy) <= r for cx, cy, r in pts):
                t = "v"
        for pts in FARMS.values():
            if any(math.hypot(x - cx, y - cy) <= r for cx, cy, r in pts):
                t = "t"
        terrain[h] = t
    # every farm and hamlet holds at least its own hex
    for pts in list(FARMS.values()):
        for cx, cy, _ in pts:
            terrain[at(cx, cy)] = "t"
    for pts in list(HAMLETS.values()):
        for cx, cy, _ in pts:
            if terrain[at(cx, cy)] != "t":
                terrain[at(cx, cy)] = "v"
    return terrain


FEATURES = [
    ("V1", "Quatre Bras", [(0.00, 0.06), (-0.06, -0.02), (0.07, 0.00)]),
    ("V2", "Gemioncourt", [(0.07, -0.98)]),
    ("V3", "Grand-Pierrepont", [(-0.98, -1.40)]),
    ("V4", "Piraumont", [(1.30, -0.56), (1.40, -0.62)]),
    ("V5", "Lairalle", [(0.86, -1.16)]),
    ("W6", "Bois de Bossu", None),
    ("W7", "Bois des Censes", None),
    ("L8", "Étang Materne", None),
]


def map_doc():
    terrain = paint()
    legend = {".": "clear", "w": "woods", "v": "village", "t": "town", "h": "hedges",
              "o": "orchard", "~": "water"}
    rows = ["".join(terrain[(c, r)] for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]
    erows = ["".join(str(elevation(*center(c, r))) for c in range(1, COLS + 1))
             for r in range(1, ROWS + 1)]
    feats = []
    for code, fname, pts in FEATURES:
        if pts is not None:
            hexes = {name(at(*p)) for p in pts}
        elif code == "W6":
            hexes = {name(h) for h in HEXES if inside(*center(*h), BOSSU)}
        elif code == "W7":
            hexes = {name(h) for h in HEXES if inside(*center(*h), CENSES)}
        else:
            hexes = {name(h) for h in HEXES if terrain[h] == "~"}
        feats.append({"code": code, "name": fname, "hexes": sorted(hexes)})
    routes = [
        {"kind": "road", "name": "The Charleroi-Brussels high road",
         "hexes": [name(h) for h in chain(CHARLEROI)]},
        {"kind": "road", "name": "The Namur road",
         "hexes": [name(h) for h in chain(NAMUR)]},
        {"kind": "road", "name": "The Nivelles road",
         "hexes": [name(h) for h in chain(NIVELLES)]},
    ]
    return {
        "format": "kepi-map",
        "version": 1,
        "id": "vv-quatre-bras",
        "name": "Quatre Bras, 16 June 1815 (Vae Victis)",
        "description": "The crossroads of Quatre Bras and the ground south of it at 100 "
                       "paces a hex, 45 by 33 hexes (about 2.9 by 2.5 km): the Charleroi-"
                       "Brussels high road from the south edge to the north, the Namur road "
                       "east and the Nivelles road west from the crossroads; the Bois de "
                       "Bossu along the west of the high road with Grand-Pierrepont at its "
                       "southern end; the brook north of Gemioncourt, its thick hedges "
                       "painted as hedged hexes, into the Materne pond and past Piraumont; "
                       "the stone farms of Quatre Bras, Gemioncourt, Pierrepont and Lairalle "
                       "(town hexes) and the hamlet of Piraumont (village); the crossroads' "
                       "rise and the ridge south of Gemioncourt at level 2 over the brook's "
                       "valley. Painted by scripts/maps/vv_quatre_bras.py.",
        "ruleset": "vae-victis",
        "grid": {"orientation": "flat", "shove": "even", "columns": COLS, "rows": ROWS},
        "scale": {"per_hex": 100, "unit": "paces"},
        "terrain": {"legend": legend, "rows": rows},
        "elevation": {"rows": erows},
        "hexsides": [],
        "routes": routes,
        "features": feats,
    }


# --- The forces ----------------------------------------------------------------------------

def el(eid, kind, unit, x, y, facing):
    return {"id": eid, "name": unit, "type": kind, "hex": H(x, y), "facing": facing}


def gen(gid, gname, x, y, facing):
    return {"id": gid, "name": gname, "hex": H(x, y), "facing": facing}


# Entry hexes (VV 4.1): the elements' `hex` of a corps arriving must be one of them.
SOUTH_ROAD = [(0.014 + dx, -1.89) for dx in (-0.13, -0.065, 0.0, 0.065, 0.13)]
BRUSSELS_ROAD = [(0.014 + dx, 0.51) for dx in (-0.195, -0.13, -0.065, 0.0, 0.065, 0.13)]
NIVELLES_EDGE = [(-1.22, 0.26 + dy) for dy in (-0.15, -0.075, 0.0, 0.075, 0.15, 0.225)]


def arriving(entries, items):
    """Give each of a reinforcement corps' pieces an entry hex, in turn."""
    hexes = [H(*p) for p in entries]
    for i, it in enumerate(items):
        it["hex"] = hexes[i % len(hexes)]
        it["facing"] = it.get("facing", "N")
    return items


FRANCE_CORPS = [
    {
        "id": "B", "name": "Bachelu's 5th Division and Piré's 2nd Cavalry Division",
        "general": gen("bachelu", "Bachelu", 0.55, -1.62, "N"),
        "elements": [
            el("B1", "light", "2e Léger (Husson)", 0.75, -1.50, "N"),
            el("B2", "light", "2e Léger (Husson)", 0.88, -1.50, "N"),
            el("B3", "line", "61e Ligne (Husson)", 1.01, -1.50, "N"),
            el("B4", "line", "72e Ligne (Campi)", 0.42, -1.50, "N"),
            el("B5", "line", "108e Ligne (Campi)", 0.55, -1.50, "N"),
            el("B6", "field_artillery", "5th Division's foot battery", 0.36, -1.42, "N"),
            el("B7", "light_cavalry", "1er Chasseurs à cheval (Huber)", 1.20, -1.58, "N"),
            el("B8", "light_cavalry", "6e Chasseurs à cheval (Huber)", 1.33, -1.58, "N"),
            el("B9", "lancers", "5e Lancers (Wathiez)", 0.95, -1.70, "N"),
            el("B10", "lancers", "6e Lancers (Wathiez)", 1.08, -1.70, "N"),
        ],
    },
    {
        "id": "F", "name": "Foy's 9th Division",
        "general": gen("foy", "Foy", 0.03, -1.65, "N"),
        "elements": [
            el("F1", "light", "4e Léger (Jamin)", -0.10, -1.50, "N"),
            el("F2", "light", "4e Léger (Jamin)", 0.03, -1.50, "N"),
            el("F3", "line", "100e Ligne (Jamin)", 0.16, -1.50, "N"),
            el("F4", "line", "100e Ligne (Jamin)", 0.29, -1.57, "N"),
            el("F5", "line", "92e Ligne (Gauthier)", -0.10, -1.72, "N"),
            el("F6", "line", "92e Ligne (Gauthier)", 0.16, -1.72, "N"),
            el("F7", "line", "93e Ligne (Gauthier)", -0.23, -1.72, "N"),
            el("F8", "line", "93e Ligne (Gauthier)", 0.29, -1.72, "N"),
            el("F9", "field_artillery", "9th Division's foot battery", 0.10, -1.42, "N"),
        ],
    },
    {
        "id": "J", "name": "Jérôme's 6th Division",
        "general": {"id": "jerome", "name": "Prince Jérôme"},
        "elements": arriving(SOUTH_ROAD, [
            {"id": "J1", "name": "1er Léger (Bauduin)", "type": "light"},
            {"id": "J2", "name": "1er Léger (Bauduin)", "type": "light"},
            {"id": "J3", "name": "3e Ligne (Bauduin)", "type": "line"},
            {"id": "J4", "name": "3e Ligne (Bauduin)", "type": "line"},
            {"id": "J5", "name": "1er Ligne (Soye)", "type": "line"},
            {"id": "J6", "name": "1er Ligne (Soye)", "type": "line"},
            {"id": "J7", "name": "2e Ligne (Soye)", "type": "line"},
            {"id": "J8", "name": "2e Ligne (Soye)", "type": "line"},
            {"id": "J9", "name": "2e Ligne (Soye)", "type": "line"},
            {"id": "J10", "name": "6th Division's foot battery", "type": "field_artillery"},
            {"id": "J11", "name": "II Corps' reserve 12-pounders", "type": "heavy_artillery"},
        ]),
    },
    {
        "id": "K", "name": "Kellermann's cuirassiers (Guiton's brigade)",
        "general": {"id": "kellermann", "name": "Kellermann"},
        "elements": arriving(SOUTH_ROAD, [
            {"id": "K1", "name": "8e Cuirassiers", "type": "cuirassiers"},
            {"id": "K2", "name": "11e Cuirassiers", "type": "cuirassiers"},
            {"id": "K3", "name": "III Cavalry Corps' horse battery",
             "type": "light_artillery"},
        ]),
    },
]

ALLIED_CORPS = [
    {
        "id": "P", "name": "Perponcher's 2nd Netherlands Division",
        "general": gen("perponcher", "Perponcher", 0.10, -0.62, "S"),
        "elements": [
            el("P1", "light", "27th Jager Battalion (Bylandt)", 0.42, -1.20, "S"),
            el("P2", "militia", "5th National Militia (Bylandt)", 0.07, -0.98, "S"),
            el("P3", "line", "7th Line Battalion (Bylandt)", 0.20, -0.55, "S"),
            el("P4", "militia", "7th National Militia (Bylandt)", 0.46, -0.45, "S"),
            el("P5", "militia", "8th National Militia (Bylandt)", 0.07, 0.14, "S"),
            el("P6", "line", "1/2nd Nassau (Saxe-Weimar)", -0.98, -1.40, "S"),
            el("P7", "line", "2/2nd Nassau (Saxe-Weimar)", -0.12, -1.05, "S"),
            el("P8", "line", "3/2nd Nassau (Saxe-Weimar)", -0.62, -1.12, "S"),
            el("P9", "line", "Orange-Nassau Regiment (Saxe-Weimar)", -0.40, -0.70, "S"),
            el("P10", "field_artillery", "Stevenart's foot battery", -0.03, -1.10, "S"),
            el("P11", "light_artillery", "Bijleveld's horse battery", 0.23, -1.05, "S"),
        ],
    },
    {
        "id": "PI", "name": "Picton's 5th Division",
        "general": {"id": "picton", "name": "Picton"},
        "elements": arriving(BRUSSELS_ROAD, [
            {"id": "PI1", "name": "1/28th Foot (Kempt)", "type": "line"},
            {"id": "PI2", "name": "1/32nd Foot (Kempt)", "type": "line"},
            {"id": "PI3", "name": "1/79th Highlanders (Kempt)", "type": "line"},
            {"id": "PI4", "name": "1/95th Rifles (Kempt)", "type": "light"},
            {"id": "PI5", "name": "3/1st Royal Scots (Pack)", "type": "line"},
            {"id": "PI6", "name": "1/42nd Highlanders (Pack)", "type": "line"},
            {"id": "PI7", "name": "2/44th Foot (Pack)", "type": "line"},
            {"id": "PI8", "name": "1/92nd Highlanders (Pack)", "type": "line"},
            {"id": "PI9", "name": "Verden Landwehr (Best)", "type": "militia"},
            {"id": "PI10", "name": "Lüneburg Landwehr (Best)", "type": "militia"},
            {"id": "PI11", "name": "Osterode Landwehr (Best)", "type": "militia"},
            {"id": "PI12", "name": "Münden Landwehr (Best)", "type": "militia"},
            {"id": "PI13", "name": "Rogers' foot battery and Braun's Hanoverian battery",
             "type": "field_artillery"},
        ]),
    },
    {
        "id": "BR", "name": "The Duke of Brunswick's corps and van Merlen's light cavalry",
        "general": {"id": "brunswick", "name": "Duke of Brunswick"},
        "elements": arriving(BRUSSELS_ROAD + NIVELLES_EDGE[:3], [
            {"id": "BR1", "name": "Brunswick Avantgarde (Gelernte Jäger)", "type": "light"},
            {"id": "BR2", "name": "Brunswick Leib-Bataillon", "type": "line"},
            {"id": "BR3", "name": "1st Brunswick Light Battalion", "type": "light"},
            {"id": "BR4", "name": "2nd Brunswick Light Battalion", "type": "light"},
            {"id": "BR5", "name": "3rd Brunswick Light Battalion", "type": "light"},
            {"id": "BR6", "name": "1st Brunswick Line Battalion", "type": "militia"},
            {"id": "BR7", "name": "2nd Brunswick Line Battalion", "type": "militia"},
            {"id": "BR8", "name": "3rd Brunswick Line Battalion", "type": "militia"},
            {"id": "BR9", "name": "Brunswick Hussars and Uhlans", "type": "light_cavalry"},
            {"id": "BR10", "name": "Brunswick horse battery", "type": "light_artillery"},
            {"id": "BR11", "name": "van Merlen: 6th Dutch Hussars, 5th Belgian Light "
                                   "Dragoons", "type": "light_cavalry"},
        ]),
    },
    {
        "id": "AL", "name": "Alten's 3rd Division and Cooke's Guards",
        "general": {"id": "alten", "name": "Alten"},
        "elements": arriving(NIVELLES_EDGE, [
            {"id": "AL1", "name": "2/30th Foot (C. Halkett)", "type": "line"},
            {"id": "AL2", "name": "33rd Foot (C. Halkett)", "type": "line"},
            {"id": "AL3", "name": "2/69th Foot (C. Halkett)", "type": "line"},
            {"id": "AL4", "name": "2/73rd Foot (C. Halkett)", "type": "line"},
            {"id": "AL5", "name": "Bremen and Verden field battalions (Kielmansegge)",
             "type": "line"},
            {"id": "AL6", "name": "York and Lüneburg field battalions (Kielmansegge)",
             "type": "line"},
            {"id": "AL7", "name": "Grubenhagen field battalion and Feldjäger (Kielmansegge)",
             "type": "line"},
            {"id": "AL8", "name": "Lloyd's foot battery", "type": "field_artillery"},
            {"id": "AL9", "name": "Cleeves' KGL foot battery", "type": "field_artillery"},
            {"id": "AL10", "name": "2nd and 3rd/1st Foot Guards (Maitland)", "type": "elite"},
            {"id": "AL11", "name": "2/Coldstream and 2/3rd Foot Guards (Byng)",
             "type": "elite"},
        ]),
    },
]

ARRIVALS = {  # corps: (game-turn, entry points, the entry's text)
    "J": (3, SOUTH_ROAD, "Jérôme's 6th Division comes up the Charleroi road from Frasnes "
                         "from game-turn 3 (about 3 p.m.), at the south edge."),
    "K": (5, SOUTH_ROAD, "Guiton's cuirassiers of Kellermann's corps come up the Charleroi "
                         "road from game-turn 5 (about 4.20 p.m.), at the south edge."),
    "PI": (3, BRUSSELS_ROAD, "Picton's 5th Division comes down the Brussels road from "
                            "game-turn 3 (about 3 p.m.), at the north edge."),
    "BR": (4, BRUSSELS_ROAD + NIVELLES_EDGE[:3],
           "The Brunswickers come down the Brussels road (north edge) and van Merlen's "
           "brigade along the Nivelles road (west edge) from game-turn 4 (about 3.45 p.m.)."),
    "AL": (6, NIVELLES_EDGE, "Alten's 3rd Division, then Cooke's Guards, come along the "
                            "Nivelles road from game-turn 6 (about 5 p.m.), at the west "
                            "edge."),
}

COST = {"militia": 2, "line": 3, "light": 4, "elite": 4, "guard": 5, "lancers": 3,
        "light_cavalry": 4, "dragoons": 4, "cuirassiers": 5, "light_artillery": 2,
        "field_artillery": 3, "heavy_artillery": 4}


def allied_zone(x, y):
    """South of the crossroads to the southern end of the wood, Gemioncourt and Piraumont,
    with Pierrepont."""
    return -1.30 < y < 0.20 or (x < -0.72 and -1.52 < y <= -1.30)


def french_zone(x, y):
    """The ridge south of Gemioncourt and the fields east of it."""
    return y < -1.38 and not allied_zone(x, y)


def fix_reinforcement_generals():
    for side in (FRANCE_CORPS, ALLIED_CORPS):
        for corps in side:
            if corps["id"] in ARRIVALS:
                _, entries, _ = ARRIVALS[corps["id"]]
                corps["general"]["hex"] = H(*entries[len(entries) // 2])
                corps["general"]["facing"] = "N" if side is FRANCE_CORPS else "S"
                for e in corps["elements"]:
                    e["facing"] = "N" if side is FRANCE_CORPS else "S"


def check_forces():
    for side, zone in ((FRANCE_CORPS, french_zone), (ALLIED_CORPS, allied_zone)):
        seen = set()
        for corps in side:
            points = sum(COST[e["type"]] for e in corps["elements"])
            assert points <= 36, f"{corps['id']}: {points} points"
            if corps["id"] in ARRIVALS:
                continue
            for e in corps["elements"] + [corps["general"]]:
                c, r = int(e["hex"][:2]), int(e["hex"][2:])
                assert zone(*center(c, r)), f"{e['id']} at {e['hex']} outside its zone"
                assert e["hex"] not in seen, f"{e['id']}: {e['hex']} taken"
                seen.add(e["hex"])


def scenario_doc(terrain):
    fix_reinforcement_generals()
    check_forces()
    passable = {name(h) for h in HEXES if terrain[h] != "~"}
    fzone = [name(h) for h in HEXES if french_zone(*center(*h)) and name(h) in passable]
    azone = [name(h) for h in HEXES if allied_zone(*center(*h)) and name(h) in passable]
    reinf = []
    for side, corps_list in (("france", FRANCE_CORPS), ("allies", ALLIED_CORPS)):
        for corps in corps_list:
            if corps["id"] in ARRIVALS:
                turn, entries, text = ARRIVALS[corps["id"]]
                reinf.append({"side": side, "group": corps["id"], "turn": turn,
                              "entry": {"text": text, "hexes": [H(*p) for p in entries]}})
    return {
        "format": "kepi-scenario",
        "version": 1,
        "id": "vv-quatre-bras",
        "ruleset": "vae-victis",
        "title": "Quatre Bras",
        "date": "16 June 1815",
        "portion": "From 2 p.m., Ney's II Corps attacking Perponcher's Netherlanders south of "
                   "the crossroads, to nightfall, twelve game-turns of about 35 minutes, "
                   "while Wellington's divisions come up one after another.",
        "map": "vv-quatre-bras",
        "deploys_first": "allies",
        "moves_first": "france",
        "deployment": [
            {"side": "france", "zone": {
                "text": "The French set up on the ridge south of Gemioncourt and the "
                        "fields east of it, south of Lairalle.",
                "hexes": fzone}},
            {"side": "allies", "zone": {
                "text": "Perponcher's Netherlanders set up from the southern end of the "
                        "Bois de Bossu and Pierrepont, Gemioncourt and the brook north to "
                        "the crossroads.",
                "hexes": azone}},
        ],
        "reinforcements": reinf,
        "game_length": 12,
        "events": [
            {"turn": 1, "at": "start",
             "text": "2 p.m.: Ney sends Reille's divisions forward against the Netherlanders "
                     "south of the crossroads; Jérôme's division is still coming up from "
                     "Frasnes, d'Erlon's I Corps far behind.",
             "does": {"kind": "note"}},
            {"turn": 3, "at": "start",
             "text": "About 3 p.m.: Wellington, back from meeting Blücher, sees Picton's "
                     "division come down the Brussels road; Jérôme's division comes out of "
                     "Frasnes against Pierrepont.",
             "does": {"kind": "note"}},
            {"turn": 5, "at": "start",
             "text": "About 4.20 p.m.: Ney learns that d'Erlon's corps has been turned "
                     "towards Ligny; he has Kellermann's cuirassiers and nothing else.",
             "does": {"kind": "note"}},
            {"turn": 12, "at": "end",
             "text": "Nightfall: Ney draws back toward Frasnes; the crossroads stay "
                     "Wellington's.",
             "does": {"kind": "note"}},
        ],
        "notes": {"history": HISTORY, "reading": READING, "source": SOURCE},
        "sides": [
            {"id": "france", "name": "France (Ney)", "color": "blue",
             "variant": "la-grande-armee", "nation": "french", "base_edge": "south",
             "commander_in_chief": gen("ney", "Marshal Ney", -0.10, -1.80, "N"),
             "corps": FRANCE_CORPS},
            {"id": "allies", "name": "Allies (Wellington)", "color": "red",
             "variant": "la-grande-armee", "nation": "british", "base_edge": "north",
             "commander_in_chief": gen("wellington", "Wellington (the Prince of Orange "
                                       "until he returns)", 0.00, -0.22, "S"),
             "corps": ALLIED_CORPS},
        ],
    }


HISTORY = (
    "**16 June 1815.** While Napoleon fought Blücher at Ligny, Ney with the army's left wing "
    "was to take the crossroads of Quatre Bras, held only by Perponcher's 2nd Netherlands "
    "Division, which had stayed there on its own officers' initiative. Reille's II Corps "
    "attacked about 2 p.m.: Bachelu and Piré's horse toward Piraumont, Foy up the high road "
    "against Gemioncourt, Jérôme into the Bois de Bossu. The Netherlanders gave ground but "
    "held until Picton's division came down the Brussels road about 3; the Brunswickers and "
    "van Merlen's cavalry followed, then Alten's division and Cooke's Guards along the "
    "Nivelles road. Guiton's cuirassiers reached the crossroads about 5 and were shot back. "
    "At nightfall the French drew back toward Frasnes; each side had lost some four to five "
    "thousand men, and Wellington, unable to help Blücher, fell back on Waterloo next day."
)

READING = (
    "An element is a battalion of 500 to 700 men (two small ones folded where a division "
    "would not fit 36 points), a cavalry regiment or a battery. Four corps a side (VV 2): "
    "Piré rides with Bachelu, van Merlen with the Brunswickers, Cooke's Guards with Alten. "
    "The brook north of Gemioncourt, whose banks had thick hedges, is a line of hedged hexes. "
    "No victory entries: VV 10 decides by army morale; the named features are the ground "
    "that mattered. See docs/scenarios/vv-quatre-bras.md."
)

SOURCE = (
    "Kepi's own scenario. Ground and hours: Leon Parte in First Empire 59 (stefanov.no-ip.org "
    "MagWeb), wargame.ch's Landscapes of Campaign Waterloo IV, docslib 'Het was nu rond 15'. "
    "Forces: the Armée du Nord's order of battle (es.frwiki), Creasy (scribd 49246935), Rose's "
    "Life of Napoleon I, Kessler's Armies of 1815 (historyfiles.co.uk), Siborne's Waterloo "
    "Campaign, Franklin on the French at Quatre Bras (Osprey blog); losses after Rose and "
    "Elting (napoleonistyka)."
)


def write(relative, doc):
    out = os.path.join(ROOT, relative)
    with open(out, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {relative}", file=sys.stderr)


def main():
    m = map_doc()
    write("maps/vv-quatre-bras.json", m)
    write_scenario("scenarios/vv-quatre-bras.json", scenario_doc(paint()))


if __name__ == "__main__":
    main()
