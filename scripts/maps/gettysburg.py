#!/usr/bin/env python3
"""Paints maps/aor-gettysburg.json, the Age of Rifles map of the ground west, north
and south of Gettysburg on 1 July 1863, from the readable description below.

The ground is described in kilometres from the town square (the Diamond): x to the east, y to
the north. Each feature is a point, a polyline or an area; the script turns them into Kepi's
map format (docs/formats.md, "Map") on a grid of flat-topped hexes 400 m across, the scale
Kepi's Age of Rifles maps use (docs/rules/age-of-rifles.md, "Scale"). Distances are read off
the battlefield's well-known layout (the National Park Service's battlefield map and the
period maps reproduced in Pfanz, "Gettysburg: The First Day", 2001), rounded to the 100 m a
400 m hex can show.

Run from the repository root:  python3 scripts/maps/gettysburg.py
It rewrites the map; `kepi validate maps/aor-gettysburg.json` checks it.
"""

import json
import math
import os
import sys

ID = "aor-gettysburg"
HEX_M = 400  # across the flats
COLS, ROWS = 22, 17
# The centre of hex 0101, in km from the Diamond.
X0, Y0 = -4.5, 3.3

R_KM = HEX_M / 1000 / math.sqrt(3)  # corner radius
DX = 1.5 * R_KM  # column spacing
DY = HEX_M / 1000  # row spacing


def center(c, r):
    """Centre of hex (column, row), 1-based as printed; even columns sit half a hex lower."""
    x = X0 + (c - 1) * DX
    y = Y0 - (r - 1) * DY - (DY / 2 if c % 2 == 0 else 0)
    return x, y


HEXES = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


def hex_at(x, y):
    """The hex whose centre is nearest (x, y); None off the map."""
    best = min(HEXES, key=lambda h: (center(*h)[0] - x) ** 2 + (center(*h)[1] - y) ** 2)
    bx, by = center(*best)
    if math.hypot(bx - x, by - y) > R_KM * 1.01:
        return None
    return best


def adjacent(a, b):
    ax, ay = center(*a)
    bx, by = center(*b)
    return abs(math.hypot(ax - bx, ay - by) - DY) < 1e-6


def neighbours(h):
    return [n for n in HEXES if adjacent(h, n)]


def chain(points, step=0.01):
    """The hexes a polyline passes through, each adjacent to the next."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n + 1):
            h = hex_at(x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n)
            if h is None or (out and out[-1] == h):
                continue
            if out and not adjacent(out[-1], h):
                # Passed exactly through a corner: step through a hex both touch.
                common = [m for m in neighbours(out[-1]) if adjacent(m, h)]
                out.append(common[0])
            out.append(h)
    return out


def side_crossings(points, step=0.005):
    """The hexsides a polyline (a stream) crosses, as sorted pairs of hexes."""
    sides = []
    hexes = chain(points, step)
    for a, b in zip(hexes, hexes[1:]):
        sides.append(tuple(sorted((a, b))))
    return hexes, sides


def stream_sides(points):
    """A stream runs along hexsides: the hexsides between the hexes on its left and right.

    Kepi puts streams on hexsides (AoR 5.2: "stream hexsides cost +2 MP to cross"), so the
    stream's line is walked and every pair of neighbouring hexes whose centres lie on opposite
    sides of it, close to it, gets the hexside."""
    out = set()
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        seg_len = math.hypot(x2 - x1, y2 - y1)
        for a in HEXES:
            for b in neighbours(a):
                if a >= b:
                    continue
                ax, ay = center(*a)
                bx, by = center(*b)
                mx, my = (ax + bx) / 2, (ay + by) / 2
                # The hexside's midpoint lies near the segment ...
                t = ((mx - x1) * (x2 - x1) + (my - y1) * (y2 - y1)) / seg_len**2
                if not -0.02 <= t <= 1.02:
                    continue
                px, py = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
                if math.hypot(mx - px, my - py) > DY * 0.45:
                    continue
                # ... and the two centres lie on either side of it.
                sa = (x2 - x1) * (ay - y1) - (y2 - y1) * (ax - x1)
                sb = (x2 - x1) * (by - y1) - (y2 - y1) * (bx - x1)
                if sa * sb < 0:
                    out.add((a, b))
    return out


# ---------------------------------------------------------------- the ground, described

TOWN = [(-0.5, -0.55, 0.5, 0.55)]  # Gettysburg: x0, y0, x1, y1 (km)

WOODS = {
    "Herbst Woods": [(-1.85, -0.2), (-1.9, -0.55)],
    "Sheads' Woods on Oak Ridge": [(-1.0, 0.85)],
    "the woods of Seminary Ridge": [(-1.1, -0.85), (-1.15, -1.3), (-1.2, -1.75), (-1.25, -2.2),
                                    (-1.3, -2.65), (-1.3, -3.05)],
    "the woods of Herr Ridge": [(-2.9, -1.1), (-2.9, -1.5)],
    "Culp's Hill": [(0.95, -1.25), (1.15, -1.5), (1.0, -1.75)],
    "Wolf Hill": [(2.05, -1.8), (2.35, -2.1), (1.95, -2.3)],
    "the woods by the west edge, north of the pike": [(-3.9, 2.2), (-4.2, 1.9)],
    "Rock Creek woods": [(1.6, 1.3), (1.9, 1.6)],
    "Ziegler's Grove": [(0.1, -1.45)],
}

# Streams, north to south.
STREAMS = {
    "Willoughby Run": [(-2.0, 3.5), (-2.05, 2.0), (-2.15, 1.0), (-2.1, 0.2), (-2.2, -0.6),
                       (-2.35, -1.6), (-2.45, -2.6), (-2.5, -3.6)],
    # Marsh Creek crosses the Chambersburg Pike half a mile beyond the Wisler house on Knoxlyn
    # Ridge (the NPS wayside "The First Shot" there: 39 51.054 N, 77 16.819 W), about 5.5 km
    # from the Diamond and off this map; it crosses the Fairfield Road at Black Horse Tavern
    # (39.8189 N, 77.2833 W: 4.5 km west, 1.3 km south of the Diamond), at the map's west edge,
    # and leaves by the south edge above Sachs Bridge (about 3.7 km west, 3.9 km south).
    "Marsh Creek": [(-4.95, 0.0), (-4.72, -1.3), (-4.45, -1.9), (-4.1, -2.9), (-3.75, -3.9)],
    "Rock Creek": [(0.55, 3.6), (0.7, 2.3), (0.85, 1.6), (1.1, 0.8), (1.2, 0.0), (1.35, -0.8),
                   (1.45, -1.5), (1.55, -2.3), (1.75, -3.6)],
    "Stevens Run": [(-0.85, 1.6), (-0.5, 0.9), (-0.2, 0.6)],
}

# Ridges: the hexes the crest line runs through, and the directions its face looks
# (neighbours on that side get the crest hexside).
RIDGES = {
    "Herr Ridge": ([(-2.75, 1.3), (-2.8, 0.6), (-2.8, -0.2), (-2.85, -1.0), (-2.9, -1.6)], "E"),
    "McPherson's Ridge": ([(-1.6, 0.75), (-1.65, 0.3), (-1.7, -0.4), (-1.75, -1.0)], "W"),
    "Seminary Ridge": ([(-1.0, 0.3), (-1.0, -0.4), (-1.1, -1.2), (-1.2, -2.0), (-1.25, -2.8),
                        (-1.3, -3.3)], "W"),
    "Oak Ridge": ([(-1.0, 0.35), (-1.05, 0.9), (-1.25, 1.55)], "W"),
    "Oak Hill": ([(-1.3, 1.75)], "SE"),
    "Cemetery Hill": ([(0.25, -0.75), (0.55, -0.8)], "N"),
    "Culp's Hill": ([(1.0, -1.3)], "NE"),
    "Cemetery Ridge": ([(0.05, -1.2), (-0.1, -1.9), (-0.25, -2.6), (-0.35, -3.3)], "W"),
    "Benner's Hill": ([(1.85, -0.6)], "W"),
    "Barlow's Knoll": ([(0.55, 1.45)], "N"),
}
FACING = {
    # direction: which neighbours (by bearing of their centre, degrees from north, clockwise)
    "E": (30, 150), "W": (210, 330), "N": (-70, 70), "SE": (90, 190), "NE": (-10, 130),
}

# Heights above the lowest ground of the map, in tens of metres (0-9), for the picture and
# for readers; Age of Rifles' line of sight uses crests, not heights (AoR 8.3).
HEIGHTS = [
    # (x, y, height, radius km)
    (-1.3, 1.75, 6, 0.6),   # Oak Hill
    (-1.05, 0.9, 4, 0.5),   # Oak Ridge
    (-1.0, -0.4, 4, 0.45),  # Seminary Ridge at the Seminary
    (-1.2, -1.8, 4, 0.5),
    (-1.3, -3.0, 4, 0.5),
    (-1.65, 0.0, 3, 0.45),  # McPherson's Ridge
    (-2.8, 0.4, 4, 0.6),    # Herr Ridge
    (-2.85, -1.0, 4, 0.5),
    (0.35, -0.8, 6, 0.55),  # Cemetery Hill
    (1.0, -1.35, 7, 0.55),  # Culp's Hill
    (-0.15, -2.0, 3, 0.6),  # Cemetery Ridge
    (1.85, -0.6, 4, 0.45),  # Benner's Hill
    (2.2, -2.0, 6, 0.6),    # Wolf Hill
    (0.55, 1.45, 2, 0.35),  # Barlow's Knoll
]

ROADS = {
    "Chambersburg Pike": [(0.0, 0.0), (-1.0, 0.15), (-1.65, 0.3), (-2.8, 0.55), (-4.7, 0.95)],
    "Fairfield Road": [(0.0, 0.0), (-0.5, -0.2), (-1.0, -0.45), (-2.0, -0.95), (-3.0, -1.35),
                       (-4.7, -1.95)],
    "Mummasburg Road": [(0.0, 0.1), (-0.4, 0.45), (-1.1, 1.25), (-1.8, 2.0), (-2.7, 3.5)],
    "Carlisle Road": [(0.0, 0.0), (0.05, 1.0), (0.0, 2.0), (-0.1, 3.5)],
    "Harrisburg Road": [(0.0, 0.0), (0.15, 0.25), (0.6, 1.2), (1.0, 1.9), (1.6, 3.5)],
    "York Pike": [(0.0, 0.0), (0.15, 0.05), (1.2, 0.45), (2.9, 1.05)],
    "Hanover Road": [(0.4, 0.15), (1.2, -0.2), (2.9, -0.6)],
    # Over Cemetery Hill by the Evergreen Cemetery gatehouse (39.8208 N, 77.2294 W), then
    # between Cemetery and Culp's Hills, about 600 m west of Culp's summit, and past Powers
    # Hill (west of the pike) to the Rock Creek bridge.
    "Baltimore Pike": [(0.0, 0.0), (0.25, -0.7), (0.3, -1.1), (0.45, -1.45), (0.7, -1.75),
                       (0.72, -2.1), (1.05, -2.3), (1.6, -2.5), (2.1, -2.9), (2.6, -3.6)],
    "Taneytown Road": [(0.0, 0.0), (0.05, -0.45), (0.05, -1.0), (-0.15, -2.0), (-0.3, -3.6)],
    "Emmitsburg Road": [(0.0, 0.0), (-0.05, -0.35), (-0.35, -0.9), (-0.8, -2.0), (-1.2, -3.6)],
}
TRAILS = {
    "Herr Ridge Road": [(-2.75, 1.3), (-2.8, 0.6), (-2.8, -0.2), (-2.85, -1.0), (-2.95, -2.0)],
    "Middletown Road": [(-1.3, 1.75), (-1.1, 2.6), (-0.9, 3.5)],
}
RAILROADS = {
    "Gettysburg Railroad": [(0.1, 0.35), (1.3, 0.65), (2.9, 1.2)],
    "Unfinished railroad (the Railroad Cut)": [(0.1, 0.35), (-1.0, 0.35), (-1.65, 0.5),
                                               (-2.8, 0.75), (-3.6, 0.9)],
}

# Named places: code, name, points (the hexes they cover).
FEATURES = [
    ("T1", "Gettysburg", None),  # the town's hexes
    ("H2", "Cemetery Hill", [(0.25, -0.75), (0.55, -0.8)]),
    ("H3", "Culp's Hill", [(0.95, -1.25), (1.0, -1.75)]),
    ("H4", "Oak Hill", [(-1.3, 1.75)]),
    ("H5", "Benner's Hill", [(1.85, -0.6)]),
    ("K6", "Barlow's (Blocher's) Knoll", [(0.55, 1.45)]),
    ("R7", "McPherson's Ridge", [(-1.6, 0.75), (-1.65, 0.3), (-1.7, -0.4), (-1.75, -1.0)]),
    ("R8", "Herr Ridge", [(-2.8, 0.6), (-2.8, -0.2)]),
    ("R9", "Seminary Ridge", [(-1.0, -0.4), (-1.1, -1.2), (-1.2, -2.0)]),
    ("S10", "Lutheran Seminary", [(-1.0, -0.05)]),
    ("C11", "The Railroad Cut", [(-1.65, 0.5)]),
    ("W12", "Herbst Woods", [(-1.85, -0.2), (-1.9, -0.55)]),
    ("R13", "Oak Ridge", [(-1.05, 0.9)]),
    ("X14", "Herr's Tavern", [(-2.8, 0.55)]),
    ("R15", "Cemetery Ridge", [(0.05, -1.2), (-0.1, -1.9), (-0.25, -2.6)]),
    ("A16", "The Almshouse", [(0.35, 0.95)]),
]


def bearing(a, b):
    ax, ay = center(*a)
    bx, by = center(*b)
    return math.degrees(math.atan2(bx - ax, by - ay)) % 360


def in_arc(deg, arc):
    """Whether a bearing (0 to 360) lies in an arc (lo, hi), lo possibly below 0."""
    lo, hi = arc
    if lo < 0:
        return deg >= lo + 360 or deg <= hi
    return lo <= deg <= hi


def build():
    terrain = {h: "." for h in HEXES}
    town = set()
    for x0, y0, x1, y1 in TOWN:
        for h in HEXES:
            x, y = center(*h)
            if x0 <= x <= x1 and y0 <= y <= y1:
                town.add(h)
    for h in town:
        terrain[h] = "t"
    for pts in WOODS.values():
        for h in chain(pts) if len(pts) > 1 else [hex_at(*pts[0])]:
            if h and terrain[h] == ".":
                terrain[h] = "w"

    elevation = {}
    for h in HEXES:
        x, y = center(*h)
        e = 0.0
        for hx, hy, height, radius in HEIGHTS:
            d = math.hypot(x - hx, y - hy)
            e = max(e, height * max(0.0, 1 - (d / radius) ** 2))
        elevation[h] = min(9, round(e))

    sides = {}

    def add_side(a, b, feature):
        key = tuple(sorted((a, b)))
        sides.setdefault(key, [])
        if feature not in sides[key]:
            sides[key].append(feature)

    for pts in STREAMS.values():
        for a, b in stream_sides(pts):
            add_side(a, b, "stream")

    for pts, facing in RIDGES.values():
        ridge = chain(pts) if len(pts) > 1 else [hex_at(*pts[0])]
        ridge = [h for h in ridge if h]
        for h in ridge:
            for n in neighbours(h):
                if n in ridge:
                    continue
                if in_arc(bearing(h, n), FACING[facing]):
                    add_side(h, n, "crest")

    routes = []
    for kind, table in (("road", ROADS), ("trail", TRAILS), ("railroad", RAILROADS)):
        for rname, pts in table.items():
            hexes = chain(pts)
            routes.append({"kind": kind, "name": rname, "hexes": [name(h) for h in hexes]})
            # AoR 5.2: "bridge hexsides have no extra cost" — every stream a route crosses
            # is bridged where it crosses.
            for a, b in zip(hexes, hexes[1:]):
                key = tuple(sorted((a, b)))
                if key in sides and "stream" in sides[key]:
                    add_side(a, b, "bridge")

    features = []
    for code, fname, pts in FEATURES:
        if pts is None:
            hexes = sorted(town)
        else:
            hexes = chain(pts) if len(pts) > 1 else [hex_at(*pts[0])]
        features.append({"code": code, "name": fname,
                         "hexes": sorted({name(h) for h in hexes})})

    def edge_of(h):
        c, r = h
        if r == 1:
            return "north"
        if r == ROWS:
            return "south"
        if c == 1:
            return "west"
        if c == COLS:
            return "east"
        return None

    exits = []
    for r in routes:
        if r["kind"] != "road":
            continue
        for end in (r["hexes"][0], r["hexes"][-1]):
            h = (int(end[:2]), int(end[2:]))
            e = edge_of(h)
            if e:
                exits.append({"name": r["name"], "hex": end, "edge": e})

    legend = {".": "clear", "t": "town", "w": "woods"}
    rows = ["".join(terrain[(c, r)] for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]
    erows = ["".join(str(elevation[(c, r)]) for c in range(1, COLS + 1))
             for r in range(1, ROWS + 1)]
    hexsides = [{"between": [name(a), name(b)], "features": f}
                for (a, b), f in sorted(sides.items())]
    return {
        "format": "kepi-map",
        "version": 1,
        "id": ID,
        "name": "Gettysburg, 1 July 1863 (Age of Rifles)",
        "description": (
            "The ground of the first day at Gettysburg at 400 m a hex, from beyond Herr Ridge "
            "in the west (Marsh Creek in the southwest corner only, at Black Horse Tavern: its "
            "Chambersburg Pike bridge is off the map) to Rock Creek and Benner's Hill in the "
            "east and from Oak Hill to the south end of Seminary and Cemetery Ridges: the town, "
            "the ridges west of it (Herr, "
            "McPherson's, Seminary and Oak Ridges) as crests, Cemetery and Culp's Hills, the "
            "woods, Willoughby Run, Marsh Creek, Rock Creek and Stevens Run with their road "
            "bridges, the ten roads that meet in the town (the Baltimore Pike passing between "
            "Cemetery and Culp's Hills), the Herr Ridge and Middletown roads "
            "as trails, the Gettysburg Railroad and the unfinished railroad with its cut. "
            "Painted by scripts/maps/gettysburg.py."
        ),
        "ruleset": "age-of-rifles",
        "grid": {"orientation": "flat", "shove": "even", "columns": COLS, "rows": ROWS},
        "scale": {"per_hex": HEX_M, "unit": "metres"},
        "terrain": {"legend": legend, "rows": rows},
        "elevation": {"rows": erows},
        "hexsides": hexsides,
        "routes": routes,
        "features": features,
        "exits": exits,
    }


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = os.path.join(root, "maps", f"{ID}.json")
    m = build()
    with open(out, "w") as f:
        json.dump(m, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {out}: {COLS}x{ROWS} hexes, {len(m['hexsides'])} hexsides, "
          f"{len(m['routes'])} routes, {len(m['features'])} features", file=sys.stderr)


if __name__ == "__main__":
    main()
