#!/usr/bin/env python3
"""Paints maps/vv-palo-alto.json and writes scenarios/vv-palo-alto.json: Palo Alto, 8 May 1846,
for Vae Victis, Los Gringos (docs/rules/vae-victis.md), on hexes of 100 paces (75 m side to
side; flat-topped, so rows are 75 m apart and columns 65 m). North is up: Taylor's Army of
Occupation comes onto the prairie from the thickets in the north, Arista's Army of the North
stands across the Matamoros road at the southern end of the prairie, the chaparral behind it.
The history, the scaling and the readings are in docs/scenarios/vv-palo-alto.md.

Run from the repository root:  python3 scripts/maps/vv_palo_alto.py
Check:  kepi validate maps/vv-palo-alto.json scenarios/vv-palo-alto.json

The ground is described in metres from the map's south-west corner (x east, y north) and
painted into the hexes whose centres fall inside each piece; the forces are built as the army
builder would (each element a type of the Los Gringos sheet, src/engine/vae_victis/data/
los-gringos.json, each corps within 36 points and one general), and the script refuses a corps
over its points. Deterministic: the same files on every run.

Pages read (no sentence copied; the notes name what each gave):
- Justin H. Smith, The War with Mexico, vol. 1 (1919), pp. 164-168, at Wikisource:
  https://en.wikisource.org/wiki/Page:The_War_with_Mexico,_Vol_1.djvu/193 (to /197)
- H. H. Bancroft, History of Mexico, vol. 5, pp. 353 and 355, at Wikisource:
  https://en.wikisource.org./wiki/Page:Vol_5_History_of_Mexico_by_H_H_Bancroft.djvu/373 and /375
- N. C. Brooks, History of the War between the United States and Mexico (1849), p. 108:
  https://en.m.wikisource.org/wiki/Page:History_of_the_War_between_the_United_States_and_Mexico.djvu/126
- Taylor's report of the battle, as printed (Google Books):
  https://books.google.co.kr/books?id=3XkTAQAAMAAJ&pg=PA40
  https://books.google.no/books?id=2RMOAAAAIAAJ&pg=PA42
- Battle of Palo Alto, Wikipedia: https://en.wikipedia.org/wiki/Battle_of_Palo_Alto
- Palo Alto Battlefield trail guide, National Park Service (docslib copy):
  https://docslib.org/doc/10325908/palo-alto-battlefield-sewkz-palo-alto-battlefield-national-historical-park-brownsville-texas
- C. M. Haecker, A Thunder of Cannon (NPS, 1994), ch. 3:
  https://www.nps.gov/parkhistory/online_books/paal/thunder-cannon/chap3.htm
"""

import json
import math
import os
import sys as _sys

_sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vv_canonical import write_scenario  # noqa: E402
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ID = "vv-palo-alto"
COLS, ROWS = 40, 30
ROW_M = 75.0  # 100 paces, a hex side to side
COL_M = ROW_M * math.sqrt(3) / 2  # 65 m between columns
HEIGHT_M = ROWS * ROW_M


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


def center(c, r):
    """The centre of hex (column, row), 1-based as printed, in metres from the south-west
    corner; even columns sit half a hex lower (Kepi's `"shove": "even"`)."""
    x = (c - 1) * COL_M + COL_M * 2 / 3
    y_down = (r - 1) * ROW_M + ROW_M / 2 + (ROW_M / 2 if c % 2 == 0 else 0)
    return x, HEIGHT_M - y_down


HEXES = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]


def at(x, y):
    """The hex whose centre is nearest (x, y)."""
    return min(HEXES, key=lambda h: ((center(*h)[0] - x) ** 2 + (center(*h)[1] - y) ** 2, h))


def column_hex(x, y):
    """The hex of the column nearest x whose centre is nearest y: elements set out along a line
    `COL_M` apart fall in neighbouring columns."""
    c = min(COLS, max(1, round((x - COL_M * 2 / 3) / COL_M) + 1))
    return min(((c, r) for r in range(1, ROWS + 1)), key=lambda h: abs(center(*h)[1] - y))


def neighbours(h):
    c, r = h
    if c % 2 == 0:
        side = [(c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    else:
        side = [(c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    out = [(c, r - 1), (c, r + 1)] + side
    return [(a, b) for a, b in out if 1 <= a <= COLS and 1 <= b <= ROWS]


def chain(points, step=5.0):
    """The hexes a polyline passes through, each touching the next."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n + 1):
            h = at(x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n)
            if not out or out[-1] != h:
                out.append(h)
    for a, b in zip(out, out[1:]):
        assert b in neighbours(a), f"chain: {name(a)} does not touch {name(b)}"
    return out


def ellipse(cx, cy, rx, ry):
    """The hexes whose centres fall inside an ellipse (at least the one at its centre)."""
    inside = [h for h in HEXES
              if ((center(*h)[0] - cx) / rx) ** 2 + ((center(*h)[1] - cy) / ry) ** 2 <= 1]
    return inside or [at(cx, cy)]


def band(y_of_x, north):
    """The hexes north (or south) of the line y = y_of_x(x)."""
    return [h for h in HEXES
            if (center(*h)[1] > y_of_x(center(*h)[0])) == north]


# --- The ground --------------------------------------------------------------------------
# The Point Isabel - Matamoros road crosses the prairie from north-north-east to
# south-south-west; the armies met astride it (Smith p. 165; NPS trail guide: the road left the
# prairie southward into the chaparral where the Mexicans stood).
ROAD = [(1330, HEIGHT_M), (1250, 1700), (1180, 1250), (1060, 600), (1000, 0)]

# The chaparral: the thickets the Americans marched out of in the north (NPS trail guide) and the
# belt behind the Mexican line in the south (Bancroft p. 353; Smith p. 165), with ragged edges.
NORTH_CHAPARRAL = band(lambda x: 1960 + 90 * math.sin(x / 260.0) + 40 * math.cos(x / 97.0), True)
SOUTH_CHAPARRAL = band(lambda x: 260 + 70 * math.sin(x / 210.0 + 1.0) + 30 * math.cos(x / 83.0),
                       False)
# Torrejón's left rested on chaparral on a slight rise beside a swamp (Smith p. 165).
LEFT_RISE = (840, 620, 160, 160)
LEFT_SWAMP = (580, 700, 110, 220)
# Behind the Mexican right an eminence of 18 or 20 feet above the chaparral, and a watering place
# under it (Smith p. 165): level 1, scrub on its slopes.
EMINENCE = (2330, 400, 170, 140)
WATERING_PLACE = (2470, 300, 60, 60)
# Boggy pools and sloughs on the prairie (Smith pp. 165, 167; Bancroft p. 355: the lagoon that
# Torrejón's horse went round in front of the 5th Infantry); the marsh on the west, which
# turned his charge ("a morass rendered his movement impracticable", Smith p. 167).
POOLS = [(620, 1080, 110, 70), (330, 1330, 90, 60), (1900, 880, 70, 45), (2230, 1000, 70, 45)]
WEST_MARSH = [(70, 1100, 150, 420), (170, 1500, 90, 120)]
# The Palo Alto water hole where Taylor halted and parked his train, by the tall trees that gave
# the field its name (Smith p. 164; Brooks p. 108).
PALO_ALTO_POND = (1480, 1700, 70, 55)
PALO_ALTO_TREES = (1660, 1780, 150, 90)
# Motitas: scattered clumps of brush on the prairie (Brooks p. 108: "clumps of Chaparral, and
# thickets of prickly pear"; Haecker's Area E).
MOTITAS = [(260, 1820, 90, 70), (880, 1640, 70, 60), (2050, 1560, 90, 60), (2480, 1300, 80, 90),
           (1700, 420, 90, 60), (420, 420, 110, 80), (2560, 1900, 80, 90)]

LEGEND = {".": "clear", "s": "scrub", "w": "woods", "~": "water"}


def paint():
    terrain = {h: "." for h in HEXES}
    elevation = {h: 0 for h in HEXES}
    for h in NORTH_CHAPARRAL + SOUTH_CHAPARRAL:
        terrain[h] = "s"
    for e in MOTITAS + [LEFT_RISE]:
        for h in ellipse(*e):
            terrain[h] = "s"
    for h in ellipse(*LEFT_RISE):
        elevation[h] = 1
    for h in ellipse(*EMINENCE):
        elevation[h] = 1
        terrain[h] = "s"
    for h in ellipse(*PALO_ALTO_TREES):
        terrain[h] = "w"
    for e in POOLS + WEST_MARSH + [LEFT_SWAMP, WATERING_PLACE, PALO_ALTO_POND]:
        for h in ellipse(*e):
            terrain[h] = "~"
    road = chain(ROAD)
    for h in road:
        # The road is open going wherever it runs (a road over a pool would be a causeway the
        # pages do not name).
        assert terrain[h] != "~", f"the road crosses water at {name(h)}"
    return terrain, elevation, road


def features(road):
    """The named features, short names so the map can print them on the ground (the notes say
    what each was)."""
    road_south = [h for h in road if h[1] >= ROWS - 4]
    return [
        ("R1", "To Matamoros", road_south),
        ("W2", "Palo Alto",
         ellipse(*PALO_ALTO_POND) + ellipse(*PALO_ALTO_TREES)),
        ("H3", "Chaparral rise", ellipse(*LEFT_RISE)),
        ("H4", "Eminence", ellipse(*EMINENCE)),
        ("M5", "Swamp", ellipse(*LEFT_SWAMP)),
        ("M6", "Lagoon", ellipse(*POOLS[0])),
        ("M7", "Western marsh", ellipse(*WEST_MARSH[0]) + ellipse(*WEST_MARSH[1])),
    ]


def build_map():
    terrain, elevation, road = paint()
    rows = ["".join(terrain[(c, r)] for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]
    erows = ["".join(str(elevation[(c, r)]) for c in range(1, COLS + 1))
             for r in range(1, ROWS + 1)]
    doc = {
        "format": "kepi-map",
        "version": 1,
        "id": ID,
        "name": "Palo Alto, 8 May 1846",
        "description": (
            "The prairie of Palo Alto, north of Matamoros, 40 by 30 hexes of 100 paces (about "
            "2.6 by 2.25 km), north up: the Point Isabel - Matamoros road running north to "
            "south across tall grass, the chaparral the Americans came out of in the north and "
            "the chaparral behind the Mexican line in the south, the Palo Alto water hole and "
            "its trees where Taylor parked his train, the rise and swamp on the Mexican left, "
            "the eminence behind the Mexican right, boggy pools and the marsh on the west. "
            "Painted by scripts/maps/vv_palo_alto.py; see docs/scenarios/vv-palo-alto.md."),
        "ruleset": "vae-victis",
        "grid": {"orientation": "flat", "shove": "even", "columns": COLS, "rows": ROWS},
        "scale": {"per_hex": 100, "unit": "paces"},
        "terrain": {"legend": LEGEND, "rows": rows},
        "elevation": {"rows": erows},
        "hexsides": [],
        "routes": [{"kind": "road", "name": "Point Isabel - Matamoros road",
                    "hexes": [name(h) for h in road]}],
        "features": [{"code": code, "name": fname, "hexes": sorted({name(h) for h in hexes})}
                     for code, fname, hexes in features(road)],
    }
    return doc, terrain, road


# --- The forces --------------------------------------------------------------------------
# An element is about 200 men (infantry or cavalry) or two guns; see the notes.
# Each entry: (id, type, historical unit, x metres, y metres, facing).


def line(x0, y, step, entries):
    """Entries placed from x0 along a line at y, `step` metres apart (one column = COL_M)."""
    return [(eid, kind, label, x0 + i * step, y) for i, (eid, kind, label) in enumerate(entries)]


def road_x(y):
    """Where the road runs at height y (linear between its points)."""
    for (x1, y1), (x2, y2) in zip(ROAD, ROAD[1:]):
        if y2 <= y <= y1:
            return x1 + (x2 - x1) * (y - y1) / (y2 - y1)
    raise ValueError(y)


US_Y = 1250  # the American line after it deployed, about 700 yards from the Mexican
MX_Y = 600  # the Mexican line (Smith p. 165)

# Taylor's line from right (west) to left (east): 5th Infantry, Ringgold, 3rd Infantry, the
# 18-pounders on the road, 4th Infantry; then Belknap's 1st Brigade: the Artillery Battalion,
# Duncan, the 8th Infantry thrown back on the extreme left (Smith p. 164; Taylor's report).
X18 = road_x(US_Y)
US_CORPS = [
    {
        "id": "T", "name": "Right wing (Twiggs): 5th Infantry, Ringgold's battery, 2nd Dragoons",
        "general": ("twiggs", "Col. David E. Twiggs", X18 - 4 * COL_M, US_Y + 2 * ROW_M),
        "elements":
            line(X18 - 7 * COL_M, US_Y, COL_M, [
                ("T-1", "us_regular", "5th Infantry (McIntosh), right wing"),
                ("T-2", "us_regular", "5th Infantry (McIntosh), left wing"),
                ("T-3", "us_light_artillery", "Ringgold's battery, Ridgely's section"),
                ("T-4", "us_light_artillery", "Ringgold's battery, Ringgold's section"),
            ]) + [
                ("T-5", "us_dragoons", "2nd Dragoons, May's squadron",
                 X18 - 6 * COL_M, US_Y + 3 * ROW_M),
                ("T-6", "us_dragoons", "2nd Dragoons, Ker's squadron (the train's guard)",
                 PALO_ALTO_POND[0] - 2 * COL_M, PALO_ALTO_POND[1] - ROW_M),
                ("T-7", "texas_rangers", "Walker's company of Texas volunteers",
                 X18 - 8 * COL_M, US_Y + 2 * ROW_M),
            ],
    },
    {
        "id": "G", "name": "3rd Brigade (Garland): 3rd and 4th Infantry, the 18-pounders",
        "general": ("garland", "Lt. Col. John Garland", X18, US_Y + 2 * ROW_M),
        "elements":
            line(X18 - 2 * COL_M, US_Y, COL_M, [
                ("G-1", "us_regular", "3rd Infantry (Morris), right wing"),
                ("G-2", "us_regular", "3rd Infantry (Morris), left wing"),
                ("G-3", "us_heavy_artillery", "Churchill's two 18-pounders (on the road)"),
                ("G-4", "us_regular", "4th Infantry (Allen), right wing"),
                ("G-5", "us_regular", "4th Infantry (Allen), left wing"),
            ]),
    },
    {
        "id": "B", "name": "1st Brigade (Belknap): Artillery Battalion, Duncan's battery, 8th Infantry",
        "general": ("belknap", "Lt. Col. William G. Belknap", X18 + 6 * COL_M, US_Y + 2 * ROW_M),
        "elements":
            line(X18 + 3 * COL_M, US_Y, COL_M, [
                ("B-1", "us_regular", "Artillery Battalion (Childs), right wing"),
                ("B-2", "us_regular", "Artillery Battalion (Childs), left wing"),
                ("B-3", "us_light_artillery", "Duncan's battery, first section"),
                ("B-4", "us_light_artillery", "Duncan's battery, second section"),
            ]) + line(X18 + 7 * COL_M, US_Y + ROW_M, COL_M, [
                ("B-5", "us_regular", "8th Infantry (Montgomery), right wing"),
                ("B-6", "us_regular", "8th Infantry (Montgomery), left wing"),
            ]),
    },
]
US_CINC = ("taylor", "Brig. Gen. Zachary Taylor", X18 + COL_M, US_Y + 4 * ROW_M)

# Arista's line from right (east) to left (west), Smith p. 165: Noriega's horse, a 4-pounder,
# the Sappers, the 2nd Light, the Tampico Veteran Company and Coast Guards, five 4-pounders,
# the 1st, 6th and 10th Infantry; 400 yards on, and somewhat forward, Torrejón's cavalry with
# two small guns, its left beyond the road.
MX_RIGHT_X = 2560
MX_CORPS = [
    {
        "id": "R", "name": "The right of the line: light troops, Sappers and the guns",
        "general": ("mx-right", "The right wing's general (the pages do not name him)",
                    MX_RIGHT_X - 3 * COL_M, MX_Y - 2 * ROW_M),
        "elements": line(MX_RIGHT_X, MX_Y, -COL_M, [
            ("R-1", "mx_light_cavalry", "Light Regiment of Mexico, Noriega's squadron"),
            ("R-2", "mx_light_artillery", "a 4-pounder and its neighbour"),
            ("R-3", "mx_elite", "Sappers (Zapadores) battalion"),
            ("R-4", "mx_light_infantry", "2nd Light Infantry"),
            ("R-5", "mx_militia", "Tampico Veteran Company and Coast Guards"),
            ("R-6", "mx_light_artillery", "two of the five 4-pounders"),
        ]),
    },
    {
        "id": "C", "name": "The centre of the line: 1st, 6th and 10th Infantry",
        "general": ("mx-centre", "The centre's general (the pages do not name him)",
                    MX_RIGHT_X - 9 * COL_M, MX_Y - 2 * ROW_M),
        "elements": line(MX_RIGHT_X - 6 * COL_M, MX_Y, -COL_M, [
            ("C-1", "mx_light_artillery", "three of the five 4-pounders"),
            ("C-2", "mx_regulars", "1st Line Infantry, first wing"),
            ("C-3", "mx_regulars", "1st Line Infantry, second wing"),
            ("C-4", "mx_regulars", "6th Line Infantry, first wing"),
            ("C-5", "mx_regulars", "6th Line Infantry, second wing"),
            ("C-6", "mx_regulars", "10th Line Infantry, first wing"),
            ("C-7", "mx_regulars", "10th Line Infantry, second wing"),
        ]),
    },
    {
        "id": "L", "name": "The left: Torrejón's cavalry",
        "general": ("torrejon", "Gen. Anastasio Torrejón", road_x(MX_Y) + COL_M,
                    MX_Y - ROW_M),
        "elements": line(road_x(MX_Y) + 4 * COL_M, MX_Y + ROW_M, -COL_M, [
            ("L-1", "mx_light_cavalry", "Light Regiment of Mexico, a squadron"),
            ("L-2", "mx_line_cavalry", "7th Cavalry, first wing (lancers)"),
            ("L-3", "mx_line_cavalry", "7th Cavalry, second wing (lancers)"),
            ("L-4", "mx_light_artillery", "Torrejón's two small guns"),
            ("L-5", "mx_line_cavalry", "8th Cavalry, first wing (lancers)"),
            ("L-6", "mx_line_cavalry", "8th Cavalry, second wing (lancers)"),
            ("L-7", "mx_irregular_cavalry", "Presidial companies"),
        ]),
    },
]
MX_CINC = ("arista", "Gen. Mariano Arista", road_x(MX_Y) + 8 * COL_M, MX_Y - 3 * ROW_M)

# Ampudia's column, come up from the siege of Fort Texas along the road, entering at about two
# o'clock (Smith p. 165: the 4th Infantry under Uraga, a company of Sappers, two 8-pounders and
# some 400 irregular horse under Canales; Bancroft p. 353 adds 200 auxiliaries of the northern
# towns). It deployed in the gap between Torrejón and the infantry.
AMPUDIA = {
    "id": "A", "name": "Ampudia's column from Fort Texas",
    "general": ("ampudia", "Gen. Pedro de Ampudia"),
    "elements": [
        ("A-1", "mx_regulars", "4th Line Infantry (Uraga), first wing"),
        ("A-2", "mx_regulars", "4th Line Infantry (Uraga), second wing"),
        ("A-3", "mx_medium_artillery", "two 8-pounders"),
        ("A-4", "mx_militia", "auxiliaries of the northern towns, with a company of Sappers"),
        ("A-5", "mx_irregular_cavalry", "Canales' rancheros, first body"),
        ("A-6", "mx_irregular_cavalry", "Canales' rancheros, second body"),
    ],
}
AMPUDIA_TURN = 2
GAME_LENGTH = 12


def sheet():
    with open(os.path.join(ROOT, "src/engine/vae_victis/data/los-gringos.json")) as f:
        return {t["key"]: t for t in json.load(f)["types"]}


def check_corps(side, corps, types):
    """The army builder's checks (VV 2 and the LG sheet): one general, at most 36 points, every
    type of the side's nation; returns the corps' points."""
    points = 0
    for e in corps["elements"]:
        t = types[e[1]]
        assert t["nation"] == side, f"{e[0]}: {e[1]} is not {side}"
        points += t["cost"]
    assert points <= 36, f"corps {corps['id']} costs {points} points"
    return points


def general(gid, label, h, facing):
    return {"facing": facing, "hex": name(h), "id": gid, "name": label}


def element(eid, kind, label, h, facing):
    return {"facing": facing, "hex": name(h), "id": eid, "name": label, "type": kind}


def build_scenario(terrain, road):
    types = sheet()
    taken = set()

    def place(x, y, who):
        h = column_hex(x, y)
        assert terrain[h] != "~", f"{who} in water at {name(h)}"
        assert h not in taken, f"{who}: {name(h)} taken"
        taken.add(h)
        return h

    summary = []
    sides = []
    for side, nation, edge, corps_list, cinc, facing in [
        ("usa", "american", "north", US_CORPS, US_CINC, "S"),
        ("mexico", "mexican", "south", MX_CORPS, MX_CINC, "N"),
    ]:
        corps_out = []
        for c in corps_list:
            pts = check_corps(nation, c, types)
            gid, glabel, gx, gy = c["general"]
            g = general(gid, glabel, place(gx, gy, gid), facing)
            els = [element(eid, kind, label, place(x, y, eid), facing)
                   for eid, kind, label, x, y in c["elements"]]
            corps_out.append({"elements": els, "general": g, "id": c["id"], "name": c["name"]})
            summary.append((side, c["id"], pts, len(els)))
        gid, glabel, gx, gy = cinc
        sides.append({"nation": nation, "edge": edge, "corps": corps_out,
                      "cinc": general(gid, glabel, place(gx, gy, gid), facing)})

    # Ampudia enters by the road at the south edge and the hexes beside it.
    entry_road = [h for h in road if h[1] == ROWS][0]
    entry = [(c, ROWS) for c in range(entry_road[0] - 2, entry_road[0] + 3)]
    entry = [h for h in entry if terrain[h] != "~"]
    pts = check_corps("mexican", AMPUDIA, types)
    summary.append(("mexico", "A", pts, len(AMPUDIA["elements"])))
    gid, glabel = AMPUDIA["general"]
    amp = {
        "elements": [element(eid, kind, label, entry[i % len(entry)], "N")
                     for i, (eid, kind, label) in enumerate(AMPUDIA["elements"])],
        "general": general(gid, glabel, entry_road, "N"),
        "id": AMPUDIA["id"],
        "name": AMPUDIA["name"],
    }
    sides[1]["corps"].append(amp)

    us_zone = [name(h) for h in sorted(HEXES) if 1100 <= center(*h)[1] <= 1800
               and terrain[h] != "~"]
    mx_zone = [name(h) for h in sorted(HEXES) if 330 <= center(*h)[1] <= 780
               and terrain[h] != "~"]
    for s, z in ((sides[0], us_zone), (sides[1], mx_zone)):
        for c in s["corps"]:
            if c["id"] == "A":
                continue
            for u in [c["general"]] + c["elements"]:
                assert u["hex"] in z, f"{u['id']} at {u['hex']} outside its zone"
        assert s["cinc"]["hex"] in z

    def side_doc(sid, label, color, s):
        return {
            "base_edge": s["edge"],
            "color": color,
            "commander_in_chief": s["cinc"],
            "corps": s["corps"],
            "id": sid,
            "name": label,
            "nation": s["nation"],
            "variant": "los-gringos",
        }

    doc = {
        "format": "kepi-scenario",
        "version": 1,
        "id": ID,
        "ruleset": "vae-victis",
        "title": "Palo Alto (Los Gringos)",
        "date": "8 May 1846",
        "map": ID,
        "deploys_first": "mexico",
        "moves_first": "usa",
        "deployment": [
            {"side": "usa", "zone": {
                "text": "Taylor's army sets up on the northern half of the prairie, from 1100 "
                        "to 1800 m north of the map's southern edge (out of the thickets, about the water hole "
                        "where the train was parked).",
                "hexes": us_zone}},
            {"side": "mexico", "zone": {
                "text": "Arista's army sets up at the southern end of the prairie, from 330 to "
                        "780 m north of the map's southern edge, in front of the chaparral; "
                        "Ampudia's column is a reinforcement.",
                "hexes": mx_zone}},
        ],
        "reinforcements": [
            {"side": "mexico", "group": "A", "turn": AMPUDIA_TURN, "entry": {
                "text": "Ampudia's column enters on game-turn 2 by the Matamoros road at the "
                        "southern edge ({}).".format(", ".join(name(h) for h in entry)),
                "hexes": [name(h) for h in entry]}},
        ],
        "game_length": GAME_LENGTH,
        "sides": [
            side_doc("usa", "United States (Army of Occupation)", "blue", sides[0]),
            side_doc("mexico", "Mexico (Army of the North)", "green", sides[1]),
        ],
    }
    return doc, summary


def write(relative, doc):
    with open(os.path.join(ROOT, relative), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {relative}", file=sys.stderr)


def main():
    mdoc, terrain, road = build_map()
    sdoc, summary = build_scenario(terrain, road)
    write(f"maps/{ID}.json", mdoc)
    write_scenario(f"scenarios/{ID}.json", sdoc)
    for side, cid, pts, n in summary:
        print(f"{side} corps {cid}: {n} elements, {pts} points", file=sys.stderr)


if __name__ == "__main__":
    main()
