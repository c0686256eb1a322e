#!/usr/bin/env python3
"""Paints maps/vv-brawners-farm.json and writes scenarios/vv-brawners-farm.json: Brawner's Farm
(Groveton, Gainesville), 28 August 1862, the evening fight that opened Second Manassas, for Vae
Victis' Rebel Yell at 100 paces (about 75 m) a hex.

The ground is described in metres from John Brawner's farmhouse (x to the east, y to the north)
and painted into flat-topped hexes of 75 m (even columns half a hex lower, as Kepi's maps), read
from the pages stored for the action:
- the Warrenton Turnpike running east past the farm to Groveton, the farmhouse up a lane of
  about half a mile north of it (history.army.mil, Staff Ride Guide, Second Manassas, stop
  "Brawner's Farm");
- Jackson's men hidden in the woods on the ridge north of the farm, his batteries (Wooding,
  Poague, Carpenter) first in front of Starke's brigade above Groveton, then moved to enfilade;
  the Confederate right at the farmhouse and the orchard, the Federals holding the orchard's
  other edge and the enclosure towards the turnpike, the Confederate left in the open without
  cover (Jackson's and Taliaferro's reports in the Official Records, vol. XII part 2, at
  civilwar.com and ehistory.osu.edu);
- the 2nd Wisconsin sent up the hill against the guns, the 19th Indiana on its left, an
  intervening rise hiding the 4th Virginia behind a fence until under 100 yards (Scherzer, "The
  Iron Brigade Goes into Battle", Zouave magazine, at stefanov.no-ip.org/MagWeb);
- Lawton's Georgians on the Stonewall Brigade's left, Trimble's brigade against the 6th
  Wisconsin on the Union right, Ewell wounded by a ravine among pines, Doubleday's two
  regiments (56th Pennsylvania, 76th New York) filling the line (livinginthepastdc.blogspot.com,
  "6pm" and "7pm" posts; npshistory.com, NPS Civil War Series, Second Manassas, section 4).

Run from the repository root:  python3 scripts/maps/vv_brawners_farm.py
"""

import json
import math
import os
import sys as _sys

_sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vv_canonical import write_scenario  # noqa: E402
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nc_common import ROOT, name, neighbours  # noqa: E402

HEX_M = 75.0  # 100 paces
DX = HEX_M * math.sqrt(3) / 2  # column spacing of flat-topped hexes
DY = HEX_M  # row spacing
COLS, ROWS = 40, 23
X0, Y0 = -1000.0, 800.0  # centre of hex 0101, metres from the farmhouse


def center(h):
    c, r = h
    return X0 + (c - 1) * DX, Y0 - (r - 1) * DY - (DY / 2 if c % 2 == 0 else 0)


HEXES = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]


def at(x, y):
    """The hex whose centre is nearest (x, y); it must be on the map."""
    best = min(HEXES, key=lambda h: (center(h)[0] - x) ** 2 + (center(h)[1] - y) ** 2)
    bx, by = center(best)
    assert math.hypot(bx - x, by - y) <= HEX_M * 0.6, f"({x}, {y}) is off the map"
    return best


def inside(poly, x, y):
    """Point in polygon (even-odd rule)."""
    n, res = len(poly), False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


def area(poly):
    return [h for h in HEXES if inside(poly, *center(h))]


def chain(points):
    """The hexes a polyline passes through, each touching the next."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / 5))
        for i in range(n + 1):
            x, y = x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n
            best = min(HEXES, key=lambda h: (center(h)[0] - x) ** 2 + (center(h)[1] - y) ** 2)
            if out and out[-1] == best:
                continue
            if out:
                assert best in neighbours(out[-1], COLS, ROWS), "chain skips a hex"
            out.append(best)
    return out


# The ground, in metres from the farmhouse (x east, y north).

TURNPIKE = [(-1010, -700), (-500, -650), (0, -600), (600, -540), (1200, -470), (1540, -430)]
LANE = [(-26, -603), (-26, 0)]  # the farm lane up to the house (column 16), about half a mile
GROVETON = [(1460, -430), (1530, -390)]  # the village's houses at the turnpike
HOUSE = (0, 0)  # Bachelor's Hall, the house John Brawner rented
ORCHARD = [(-190, -120), (-190, 70), (-40, 70), (-40, -120)]  # west of the house
ENCLOSURE = [(-240, -330), (-240, -170), (-60, -170), (-60, -330)]  # fenced field below it
WOODS = {
    # the woods on the ridge north of the farm, where Jackson's divisions lay hidden
    "stony ridge": [(-1010, 380), (-750, 300), (-600, 370), (-350, 420), (-200, 340),
                    (50, 400), (300, 470), (550, 390), (800, 450), (1000, 330), (1150, 270),
                    (1300, 340), (1560, 290), (1560, 810), (-1010, 810)],
    # the pines by the ravine where Ewell fell, on the Union right
    "ravine pines": [(980, -60), (980, 90), (1120, 90), (1120, -60)],
    # woods south of the turnpike towards Groveton
    "groveton woods": [(950, -700), (1000, -630), (1560, -560), (1560, -910), (950, -910)],
    # woods south of the turnpike in the west, towards Stuart's Hill
    "south-west woods": [(-1010, -800), (-600, -790), (-560, -910), (-1010, -910)],
}
# the unfinished railroad, in the woods behind Jackson's line
RAILROAD = [(-1010, 740), (0, 700), (800, 650), (1560, 600)]


def elevation(x, y):
    """A gentle slope up from the turnpike (1) to a low rise through the farm (2), the swale
    north of the house, and the wooded ridge (3); the ravine on the Union right is lower."""
    e = 1.0
    e += 1.0 * math.exp(-((y + 40) / 160) ** 2) * (1 if x < 1000 else 0.5)  # the rise
    e += 2.0 / (1 + math.exp(-(y - 450) / 90))  # the wooded ridge
    e -= 1.2 * math.exp(-(((x - 1060) / 140) ** 2 + ((y + 100) / 260) ** 2))  # the ravine
    e -= 0.6 / (1 + math.exp((y + 650) / 60))  # the low ground south of the turnpike
    return max(0, min(9, round(e)))


def terrain():
    t = {h: "." for h in HEXES}
    for poly in WOODS.values():
        for h in area(poly):
            t[h] = "w"
    for h in area(ENCLOSURE):
        t[h] = "h"
    for h in area(ORCHARD):
        t[h] = "o"
    for p in [HOUSE] + GROVETON:
        t[at(*p)] = "v"
    return t


def features(t):
    """The named ground: (code, name, hexes)."""
    return [
        ("B1", "Brawner farmhouse (Bachelor's Hall)", [at(*HOUSE)]),
        ("O2", "Brawner orchard", area(ORCHARD)),
        ("F3", "the enclosure towards the turnpike", area(ENCLOSURE)),
        ("W4", "the woods on Stony Ridge",
         [h for h in HEXES if t[h] == "w" and center(h)[1] > 200]),
        ("V5", "Groveton", [at(*p) for p in GROVETON]),
        ("R6", "the ravine and its pines", area(WOODS["ravine pines"])),
        ("U7", "the unfinished railroad", chain(RAILROAD)),
    ]


def map_doc():
    t = terrain()
    pike = chain(TURNPIKE)
    lane = chain(LANE)
    for h in pike + lane:
        assert t[h] in (".", "h", "o", "v"), f"road through {t[h]} at {name(h)}"
    feats = [{"code": code, "name": fname, "hexes": sorted({name(h) for h in hexes})}
             for code, fname, hexes in features(t)]
    return {
        "format": "kepi-map",
        "version": 1,
        "id": "vv-brawners-farm",
        "name": "Brawner's Farm, 28 August 1862 (Vae Victis, Rebel Yell)",
        "description": (
            "The fields of John Brawner's farm north of the Warrenton Turnpike at 100 paces a "
            f"hex, {COLS} by {ROWS} hexes (about 2.6 by 1.7 km): the turnpike from Gainesville "
            "in the west to Groveton in the east, the farm lane up to the house (a village hex: "
            "wooden houses) with its orchard and the fenced enclosure below it (hedges), a low "
            "rise through the farm, and the woods on Stony Ridge to the north where Jackson's "
            "divisions lay hidden, with the unfinished railroad in them; the ravine and its "
            "pines on the Union right, woods south of the turnpike at Groveton and towards "
            "Stuart's Hill. Painted by scripts/maps/vv_brawners_farm.py."),
        "ruleset": "vae-victis",
        "grid": {"orientation": "flat", "shove": "even", "columns": COLS, "rows": ROWS},
        "scale": {"per_hex": 100, "unit": "paces"},
        "terrain": {
            "legend": {".": "clear", "w": "woods", "o": "orchard", "h": "hedges",
                       "v": "village"},
            "rows": ["".join(t[(c, r)] for c in range(1, COLS + 1))
                     for r in range(1, ROWS + 1)],
        },
        "elevation": {"rows": ["".join(str(elevation(*center((c, r))))
                                       for c in range(1, COLS + 1))
                               for r in range(1, ROWS + 1)]},
        "hexsides": [],
        "routes": [
            {"kind": "road", "name": "Warrenton Turnpike", "hexes": [name(h) for h in pike]},
            {"kind": "road", "name": "the Brawner farm lane",
             "hexes": [name(h) for h in lane]},
        ],
        "features": feats,
    }


# The forces. An element is about 200 to 250 men (half a regiment), a battery one element.
# Each entry: id, historical unit, type, (x, y) in metres, facing.

UNION_C_IN_C = ("king", "Brig. Gen. Rufus King (division; ill, at its headquarters)",
                (-700, -760), "N")

GIBBON = ("G", "Gibbon's brigade", ("gibbon", "Brig. Gen. John Gibbon", (250, -450), "N"), [
    ("G-1", "2nd Wisconsin (right wing)", "experienced", (150, -180), "N"),
    ("G-2", "2nd Wisconsin (left wing)", "experienced", (85, -215), "N"),
    ("G-3", "19th Indiana (right wing)", "experienced", (-65, -590), "ENE"),
    ("G-4", "19th Indiana (left wing)", "experienced", (-130, -625), "ENE"),
    ("G-5", "7th Wisconsin (right wing)", "experienced", (540, -545), "N"),
    ("G-6", "7th Wisconsin (left wing)", "experienced", (475, -555), "N"),
    ("G-7", "6th Wisconsin (right wing)", "experienced", (865, -510), "N"),
    ("G-8", "6th Wisconsin (left wing)", "experienced", (800, -515), "N"),
    ("G-9", "Battery B, 4th U.S. Artillery (Campbell; six 12-pounder Napoleons)",
     "field_smooth_bore", (345, -570), "N"),
])

DOUBLEDAY = ("D", "Doubleday's regiments",
             ("doubleday", "Brig. Gen. Abner Doubleday", (-1000, -750), "ENE"), [
                 ("D-1", "56th Pennsylvania (right wing)", "inexperienced", (-1000, -600),
                  "ENE"),
                 ("D-2", "56th Pennsylvania (left wing)", "inexperienced", (-1000, -450),
                  "ENE"),
                 ("D-3", "76th New York (right wing)", "inexperienced", (-1000, -675), "ENE"),
                 ("D-4", "76th New York (left wing)", "inexperienced", (-1000, -525), "ENE"),
             ])
DOUBLEDAY_TURN = 4

CONFEDERATE_C_IN_C = ("jackson", "Maj. Gen. Thomas J. Jackson", (350, 480), "S")

TALIAFERRO = ("T", "Taliaferro's division",
              ("taliaferro", "Brig. Gen. William B. Taliaferro", (150, 320), "S"), [
                  ("T-1", "Stonewall Brigade (Baylor): 4th Virginia", "veteran",
                   (-40, 170), "S"),
                  ("T-2", "Stonewall Brigade: 2nd Virginia", "veteran", (85, 200), "S"),
                  ("T-3", "Stonewall Brigade (its other regiments)", "veteran",
                   (215, 200), "S"),
                  ("T-4", "Stonewall Brigade (its other regiments)", "veteran", (345, 245), "S"),
                  ("T-5", "A. G. Taliaferro's brigade",
                   "experienced", (-170, 245), "S"),
                  ("T-6", "A. G. Taliaferro's brigade", "experienced",
                   (-300, 245), "S"),
                  ("T-7", "A. G. Taliaferro's brigade", "experienced",
                   (-430, 285), "S"),
                  ("T-8", "Starke's brigade, its skirmishers", "sharpshooters",
                   (1060, 235), "WSW"),
                  ("T-9", "Poague's and Carpenter's batteries", "field_rifled",
                   (1190, 160), "WSW"),
                  ("T-10", "Wooding's battery", "light_smooth_bore",
                   (1320, 160), "WSW"),
              ])

EWELL = ("E", "Ewell's division",
         ("ewell", "Maj. Gen. Richard S. Ewell", (740, 480), "S"), [
             ("E-1", "Lawton's Georgia brigade: 26th Georgia", "experienced", (475, 470), "S"),
             ("E-2", "Lawton's Georgia brigade", "experienced", (540, 470),
              "S"),
             ("E-3", "Lawton's Georgia brigade", "experienced", (605, 470), "S"),
             ("E-4", "Lawton's Georgia brigade", "experienced", (670, 470),
              "S"),
             ("E-5", "Trimble's brigade: 21st Georgia", "veteran",
              (800, 500), "S"),
             ("E-6", "Trimble's brigade", "veteran", (865, 440), "S"),
             ("E-7", "Trimble's brigade: 12th Georgia", "veteran", (930, 400), "S"),
         ])

COSTS = {"inexperienced": 2, "experienced": 3, "veteran": 4, "sharpshooters": 3,
         "field_smooth_bore": 4, "field_rifled": 3, "light_smooth_bore": 3}


def union_zone(x, y):
    return y <= -150 and x > -900


def confederate_zone(x, y):
    return y >= 100


def entry_hexes():
    return sorted({at(*e[3]) for e in DOUBLEDAY[3]} | {at(*DOUBLEDAY[2][2])})


def corps_doc(corps, zone, entering=False):
    cid, cname, (gid, gname, gpos, gface), elements = corps
    points = sum(COSTS[e[2]] for e in elements)
    assert points <= 36, f"{cid}: {points} points"
    t = terrain()
    doc = {"id": cid, "name": cname,
           "general": {"id": gid, "name": gname, "hex": name(at(*gpos)), "facing": gface},
           "elements": []}
    for eid, ename, etype, pos, face in elements:
        h = at(*pos)
        x, y = center(h)
        if not entering:
            assert zone(x, y), f"{eid} at {name(h)} outside its zone"
        if "artillery" in etype or "bore" in etype or "rifled" in etype:
            assert t[h] not in ("w", "v"), f"{eid}: artillery in {t[h]}"
        doc["elements"].append({"id": eid, "name": ename, "type": etype, "hex": name(h),
                                "facing": face})
    if not entering:
        gx, gy = center(at(*gpos))
        assert zone(gx, gy), f"{gid} outside its zone"
    return doc


def commander(g):
    gid, gname, pos, face = g
    return {"id": gid, "name": gname, "hex": name(at(*pos)), "facing": face}


def scenario_doc():
    taken = set()
    for corps in (GIBBON, DOUBLEDAY, TALIAFERRO, EWELL):
        for e in corps[3]:
            h = at(*e[3])
            assert h not in taken, f"{e[0]}: {name(h)} taken"
            taken.add(h)
    return {
        "format": "kepi-scenario",
        "version": 1,
        "id": "vv-brawners-farm",
        "ruleset": "vae-victis",
        "title": "Brawner's Farm",
        "date": "28 August 1862",
        "portion": "From about 6.30 p.m., the 2nd Wisconsin going up the hill against "
                   "Jackson's guns and the Stonewall Brigade coming out of the woods, to "
                   "darkness about 9 p.m., when the Federals drew back to the turnpike.",
        "map": "vv-brawners-farm",
        "deploys_first": "confederacy",
        "moves_first": "union",
        "deployment": [
            {"side": "union", "zone": {
                "text": "Gibbon's brigade sets up on the turnpike and the slope below the "
                        "farm, south of the orchard.",
                "hexes": [name(h) for h in HEXES if union_zone(*center(h))]}},
            {"side": "confederacy", "zone": {
                "text": "Jackson's divisions set up in the woods on Stony Ridge and the open "
                        "ground before them, north of the farmhouse.",
                "hexes": [name(h) for h in HEXES if confederate_zone(*center(h))]}},
        ],
        "reinforcements": [
            {"side": "union", "group": "D", "turn": DOUBLEDAY_TURN, "entry": {
                "text": "Doubleday's two regiments come up the turnpike from the west on "
                        f"game-turn {DOUBLEDAY_TURN}.",
                "hexes": [name(h) for h in entry_hexes()]}},
        ],
        "game_length": 10,
        "events": [
            {"turn": 1, "at": "start", "does": {"kind": "note"},
             "text": "About 6.30 p.m. Jackson's guns open from the high ground above Groveton; "
                     "Gibbon sends the 2nd Wisconsin up the slope to take them, and the "
                     "Stonewall Brigade comes out of the woods."},
            {"turn": DOUBLEDAY_TURN, "at": "start", "does": {"kind": "note"},
             "text": "Doubleday, whose brigade follows Gibbon's on the turnpike, sends the "
                     "56th Pennsylvania and the 76th New York forward to fill the line."},
            {"turn": 10, "at": "end", "does": {"kind": "note"},
             "text": "About 9 p.m. It is too dark to see; the Federals draw back to the "
                     "turnpike."},
        ],
        "sides": [
            {"id": "union", "name": "Union", "color": "blue", "variant": "rebel-yell",
             "nation": "union", "base_edge": "south",
             "commander_in_chief": commander(UNION_C_IN_C),
             "corps": [corps_doc(GIBBON, union_zone),
                       corps_doc(DOUBLEDAY, union_zone, entering=True)]},
            {"id": "confederacy", "name": "Confederacy", "color": "gray",
             "variant": "rebel-yell", "nation": "confederate", "base_edge": "north",
             "commander_in_chief": commander(CONFEDERATE_C_IN_C),
             "corps": [corps_doc(TALIAFERRO, confederate_zone),
                       corps_doc(EWELL, confederate_zone)]},
        ],
        "notes": {"history": HISTORY, "reading": READING, "source": SOURCE},
    }


HISTORY = (
    "**28 August 1862.** Jackson's wing of Lee's army, having wrecked Pope's depot at Manassas "
    "Junction, lay hidden in the woods on Stony Ridge north of the Warrenton Turnpike, waiting "
    "for Longstreet. Late in the day King's division of McDowell's corps marched east along the "
    "turnpike towards Centreville, its flank to the ridge. Jackson rode out to look at it and "
    "ordered the attack; his batteries opened from the high ground. Gibbon, taking them for "
    "horse artillery, sent the 2nd Wisconsin up the slope to take them, and found the Stonewall "
    "Brigade coming out of the woods. The 19th Indiana came up on the left by the Brawner "
    "house and orchard, then the 7th and the 6th Wisconsin on the right; Lawton's and "
    "Trimble's brigades of Ewell's division came in against the Union right, and Doubleday "
    "sent the 56th Pennsylvania and the 76th New York into the gap. The lines stood some 70 to "
    "80 yards apart and fired into each other for about two hours, neither giving ground, "
    "until darkness; the Federals then fell back to the turnpike and in the night towards "
    "Manassas Junction. Gibbon's brigade lost about 750 of its 1,800 men; Ewell lost a leg and "
    "Taliaferro was wounded."
)

READING = (
    "A regiment is two elements (an element about 200 to 250 men, a two-rank line of about "
    "one hex of 100 paces), a battery one element. Gibbon's regiments are rated experienced: "
    "only the 2nd Wisconsin had been in battle, but the brigade had been drilled for a year "
    "by a regular and stood against Jackson's veterans at 80 yards; Doubleday's regiments are "
    "inexperienced, the Stonewall Brigade and Trimble's brigade veteran, Lawton's and A. G. "
    "Taliaferro's brigades experienced. No cavalry fought in the evening, so no element "
    "mounts or dismounts. King, ill at his headquarters, is the Union commander-in-chief. "
    "A game-turn is about a quarter of an hour; Doubleday's two regiments come up the "
    "turnpike on game-turn 4. Victory is by army morale (VV 10); a game still undecided at "
    "darkness, game-turn 10, is a draw, as the action was."
)

SOURCE = (
    "Kepi's own scenario. Ground and course of the action: history.army.mil (Staff Ride Guide, "
    "Second Manassas); Jackson's and Taliaferro's reports, Official Records series I vol. XII "
    "part 2 (civilwar.com, ehistory.osu.edu); npshistory.com (NPS Civil War Series, Second "
    "Manassas, section 4); Scherzer in Zouave magazine (stefanov.no-ip.org/MagWeb); "
    "livinginthepastdc.blogspot.com (28 August 2012 posts). Strengths and losses: historynet.com "
    "(Gibbon's brigade 1,800 men, 133 killed, 539 wounded, 79 missing); secondwi.com (the 2nd "
    "Wisconsin about 430 men, 286 lost); milwaukeecwrt.org (the 19th Indiana 423 engaged, 259 "
    "lost); secondwi.com (Battery B, 4th U.S., six Napoleons, Gibbon's old battery)."
)


def write(relative, doc):
    with open(os.path.join(ROOT, relative), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {relative}", file=sys.stderr)


def main():
    write("maps/vv-brawners-farm.json", map_doc())
    write_scenario("scenarios/vv-brawners-farm.json", scenario_doc())


if __name__ == "__main__":
    main()
