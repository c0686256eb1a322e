#!/usr/bin/env python3
"""Generates maps/rifle-and-saber.json: Kepi's own Rifle & Saber map (the printed one is lost).

Run from the repository root: python3 tools/make_map.py [--show]
The committed JSON is the product; this script documents how it was drawn.
"""
import json
import math
import sys

# ---------------------------------------------------------------- hex geometry (as Kepi's grid)

COLS, ROWS = 32, 40
S3 = math.sqrt(3)


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


def parse(n):
    return (int(n[:2]), int(n[2:]))


def on_map(h):
    return 1 <= h[0] <= COLS and 1 <= h[1] <= ROWS


def axial(h):
    c0, r0 = h[0] - 1, h[1] - 1
    q = c0
    r = r0 - (c0 - (c0 & 1)) // 2
    return q, r


def from_axial(q, r):
    c0 = q
    r0 = r + (q - (q & 1)) // 2
    return (c0 + 1, r0 + 1)


def dist(a, b):
    q1, r1 = axial(a)
    q2, r2 = axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def neighbors(h):
    q, r = axial(h)
    out = []
    for dq, dr in DIRS:
        n = from_axial(q + dq, r + dr)
        if on_map(n):
            out.append(n)
    return out


def adjacent(a, b):
    return dist(a, b) == 1


def center(h):
    q, r = axial(h)
    return 1.5 * q, S3 * (r + q / 2.0)


def all_hexes():
    return [(c, r) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]


def line(a, b):
    """Hexes on a straight line from a to b (cube lerp), adjacent steps."""
    q1, r1 = axial(a)
    q2, r2 = axial(b)
    n = dist(a, b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0
        q = q1 + (q2 - q1) * t + 1e-6
        r = r1 + (r2 - r1) * t + 1e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        out.append(from_axial(rq, rr))
    return out


def path(*points):
    out = []
    for a, b in zip(points, points[1:]):
        seg = line(a, b)
        if out and out[-1] == seg[0]:
            seg = seg[1:]
        out.extend(seg)
    for x, y in zip(out, out[1:]):
        assert adjacent(x, y), (x, y)
    return out


def within(hexes, d):
    hexes = list(hexes)
    return {h for h in all_hexes() if min(dist(h, x) for x in hexes) <= d}


def segments_cross(p1, p2, p3, p4):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def polyline_edges(points_hex_space):
    """Hexsides crossed by a polyline given in hex-centre coordinates (as from center())."""
    edges = set()
    for h in all_hexes():
        for n in neighbors(h):
            if n <= h:
                continue
            a, b = center(h), center(n)
            for p, q in zip(points_hex_space, points_hex_space[1:]):
                if segments_cross(a, b, p, q):
                    edges.add((h, n))
    return edges

H = lambda s: (int(s[:2]), int(s[2:]))  # noqa: E731


def blob(centres, r=1, extra=(), minus=()):
    out = within([H(c) for c in centres], r)
    out |= {H(e) for e in extra}
    out -= {H(m) for m in minus}
    return out


def chain(cols_rows):
    """A river chain from (col,row) waypoints, joined by straight hex lines."""
    return path(*[H(p) for p in cols_rows])


terrain = {h: "clear" for h in all_hexes()}
elev = {h: 0 for h in all_hexes()}
features = []          # (code, name, set of hexes)
routes = []            # (name, [hexes])
hexsides = {}          # (a,b) sorted -> set(features)


def feature(code, nm, hexes):
    features.append((code, nm, set(hexes)))
    return set(hexes)


def side(a, b, f):
    k = (a, b) if a < b else (b, a)
    assert adjacent(a, b)
    hexsides.setdefault(k, set()).add(f)


# ---------------------------------------------------------------- the great forest (NW)
edge_row = {1: 18, 2: 17, 3: 17, 4: 16, 5: 17, 6: 16, 7: 15, 8: 16, 9: 14, 10: 13, 11: 12,
            12: 10, 13: 8, 14: 5, 15: 2}
clearings = {"0711", "0712", "0713", "0911", "0912", "0308", "0309", "0408", "0208"}
for (c, r) in all_hexes():
    if c in edge_row and r <= edge_row[c] and name((c, r)) not in clearings:
        terrain[(c, r)] = "woods"

# ---------------------------------------------------------------- rivers
r1 = [H(x) for x in ["0126", "0226", "0326", "0426", "0527", "0627", "0727", "0827", "0927", "1027",
                     "1128", "1228", "1328", "1428", "1528", "1628", "1728", "1828", "1928",
                     "2028", "2128"]]
for a, b in zip(r1, r1[1:]):
    assert adjacent(a, b), (a, b)
j34 = [H("2228")]
r3 = chain(["2229", "2233", "2134", "2135", "2136", "2236", "2240"])
assert adjacent(r1[-1], j34[0]) and adjacent(j34[0], r3[0])
for h in r1 + j34 + r3:
    terrain[h] = "river"
B14 = H("1628")
B15 = H("1027")
F17 = H("0527")
F2 = H("2237")
for h in (B14, B15):
    assert h in r1, name(h)
    terrain[h] = "bridge"
for h in (F17,):
    assert h in r1
    terrain[h] = "ford"
assert F2 in r3
terrain[F2] = "ford"
specials = {B14, B15, F17, F2}
feature("R1", "River Lesna", [h for h in r1 if h not in specials])
feature("F2", "Miller's Ford", [F2])
feature("R3", "Vell Brook", [h for h in r3 if h not in specials])

# ---------------------------------------------------------------- roads
V4 = {H(x) for x in ["1519", "1619", "1620", "1719", "1720"]}
south = path(H("1619"), H("1620"), H("1640"))
east = [H(x) for x in ["1620", "1720", "1819", "1920", "2019", "2120", "2219", "2320", "2419",
                       "2520", "2619", "2720", "2819", "2920", "3019", "3120", "3219"]]
northwest = path(H("1619"), H("1519"), H("1016"), H("0813"), H("0812"), H("0601"))
assert B14 in south
routes.append(("South Road", south))
routes.append(("East Road", east))
routes.append(("Northwest Road", northwest))
# lanes (unnamed roads)
lane_b15 = path(H("1217"), H("1023"), H("1027"), H("0732"), H("0640"))
assert B15 in lane_b15, [name(h) for h in lane_b15]
lane_v5 = path(H("1619"), H("1611"), H("1601"))
lane_v7 = path(H("2819"), H("2915"), H("2901"))
lane_v10 = path(H("2320"), H("2724"), H("2830"), H("2837"))
routes += [("", lane_b15), ("", lane_v5), ("", lane_v7), ("", lane_v10)]

# ---------------------------------------------------------------- villages
def village(code, nm, hexes):
    hs = {H(x) for x in hexes}
    for h in hs:
        terrain[h] = "village"
    feature(code, nm, hs)

village("V4", "Castelnuovo", [name(h) for h in V4])
village("V5", "Oberhof", ["1510", "1610", "1611"])
village("V6", "Santa Croce", ["2419", "2420", "2520"])
village("V7", "Le Mesnil", ["2915", "3015"])
village("V8", "Ponte Alto", ["1624", "1625", "1524"])
village("V9", "Ponte Vecchio", ["1026", "0926"])
village("V10", "Holt", ["2738", "2837"])
village("V11", "Marienthal", ["2725", "2825"])
village("V12", "Mill Farm", ["0812", "0813"])

# ---------------------------------------------------------------- hills
def hill(code, nm, hexes, crest=(), ridge_all_crest=True):
    hexes = set(hexes)
    crest = {H(c) for c in crest}
    for h in hexes:
        if terrain[h] in ("river", "bridge", "ford"):
            raise SystemExit(f"{code} on water at {name(h)}")
        if terrain[h] != "village":
            terrain[h] = "slope"
        elev[h] = 2 if h in crest else 1
    if ridge_all_crest:
        for c in crest:
            for n in neighbors(c):
                if n not in crest:
                    side(c, n, "ridge")
    feature(code, nm, hexes)

# H24 anchors the Union's right on the great forest, over the Northwest Road: Pickett's Charge
# (R&S 11.8) must break through H24-H25-H26 to reach the west edge, and the way around the line
# goes through the forest (twice the movement points of the way through it).
hill("H24", "Signal Hill", blob(["1115", "1117"]), crest=["1115", "1116"])
hill("H25", "Kopje Ridge", blob(["1033", "1035"]), crest=["1033", "1034"])
hill("H26", "Round Top", blob(["2633"], extra=["2631", "2732"]), crest=["2633", "2632"])
hill("H27", "Devil's Knoll", blob(["1833", "1835"]), crest=["1834"])
hill("H28", "Fox Hill", blob(["0436"]), crest=["0436"])
hill("H29", "Windmill Hill", blob(["2108"]), crest=[])
hill("H30", "Niederberg", blob(["2023", "2223", "2125"]), crest=["2123", "2124"])
hill("H31", "Redoubt Hill", blob(["2906"]), crest=["2906"])
hill("H32", "Henry Hill", blob(["1222"]), crest=["1222"])
hill("H33", "Gallows Hill", blob(["3033"]), crest=[])

# ---------------------------------------------------------------- woods (numbered copses)
def woods(code, nm, hexes):
    hs = set(hexes)
    for h in hs:
        assert terrain[h] == "clear", (code, name(h), terrain[h])
        terrain[h] = "woods"
    feature(code, nm, hs)

woods("W13", "Alder Carr", blob(["0331"], minus=["0330"]))
woods("W16", "Heron Wood", blob(["3029"]))
woods("W18", "Birch Copse", blob(["1906"], r=0, extra=["1905", "2006"]))
woods("W19", "Chapel Wood", blob(["1413"], r=0, extra=["1414", "1313"]))
woods("W20", "Pine Stand", blob(["0224"], r=0, extra=["0124", "0223"]))
woods("W21", "Hazel Wood", blob(["3126"], r=0, extra=["3125", "3226"]))
woods("W22", "Tronville Copse", blob(["2611"]))
woods("W23", "Niederwald", blob(["2427"], r=0, extra=["2426", "2527", "2326"]))

# bridges, fords, junction as features
feature("B14", "Stone Bridge", [B14])
feature("B15", "Old Bridge", [B15])
feature("F17", "Sudley Ford", [F17])
feature("J34", "Watersmeet", j34)

# ---------------------------------------------------------------- streams
def stream(points):
    pts = [center(H(p)) for p in points]
    for e in polyline_edges(pts):
        a, b = e
        if terrain[a] in ("river", "bridge", "ford") or terrain[b] in ("river", "bridge", "ford"):
            continue
        side(a, b, "stream")

# from the junction north-east to the east edge (the third arm of J34)
stream(["2327", "2426", "2624", "2923", "3221"])
# the mill brook from the forest down to the Lesna
stream(["1211", "1315", "1419", "1323", "1427"])

# ---------------------------------------------------------------- checks and output
codes = [f[0] for f in features]
assert len(codes) == len(set(codes))
nums = [int(c[1:]) for c in codes]
assert len(nums) == len(set(nums)), sorted(nums)

exits = [("South Road", south[-1], "south"), ("East Road", east[-1], "east"),
         ("Northwest Road", northwest[-1], "north")]
assert south[-1][1] == ROWS and east[-1][0] == COLS and northwest[-1][1] == 1

legend = {".": "clear", "v": "village", "s": "slope", "w": "woods", "r": "river", "f": "ford",
          "b": "bridge"}
char = {v: k for k, v in legend.items()}


def show():
    """Print the map: two text lines per map row, even columns half a hex lower; '=' marks road."""
    code_at = {}
    for code, _, hs in features:
        for h in hs:
            code_at.setdefault(h, code)
    road = {h for _, hs in routes for h in hs}
    for line in range(2 * ROWS):
        out = f"{line // 2 + 1:2d} " if line % 2 == 0 else "   "
        for c in range(1, COLS + 1):
            r2 = line - (1 if c % 2 == 0 else 0)
            if r2 < 0 or r2 % 2 == 1:
                out += "  "
                continue
            h = (c, r2 // 2 + 1)
            ch = char[terrain[h]]
            if ch == "." and h in code_at:
                ch = code_at[h][0].lower()
            out += ch + ("=" if h in road else " ")
        print(out.rstrip())


doc = {
    "format": "kepi-map",
    "version": 1,
    "id": "rifle-and-saber",
    "name": "Rifle & Saber",
    "description": (
        "Kepi's own map for the seventeen Rifle & Saber scenarios (the printed SPI mapsheet is "
        "lost): 32 x 40 hexes of 50 m. Three main roads, South, East and Northwest, meet at the "
        "village V4 in the centre; a great forest fills the north-west; the Lesna (R1) flows "
        "west along the south of the map from Watersmeet (J34), where the Vell Brook (R3) "
        "comes up from the south edge and a stream from the east joins it. Features are "
        "numbered 1-34 with the rules' letter codes; no number is used twice."),
    "ruleset": "rifle-and-saber",
    "grid": {"orientation": "flat", "shove": "even", "columns": COLS, "rows": ROWS},
    "hex_size_m": 50,
    "terrain": {
        "legend": legend,
        "rows": ["".join(char[terrain[(c, r)]] for c in range(1, COLS + 1))
                 for r in range(1, ROWS + 1)],
    },
    "elevation": {"rows": ["".join(str(elev[(c, r)]) for c in range(1, COLS + 1))
                           for r in range(1, ROWS + 1)]},
    "hexsides": [{"between": [name(a), name(b)], "features": sorted(fs)}
                 for (a, b), fs in sorted(hexsides.items())],
    "routes": [dict({"kind": "road"}, **({"name": n} if n else {}),
                    hexes=[name(h) for h in hs]) for n, hs in routes],
    "features": [{"code": c, "name": n, "hexes": [name(h) for h in sorted(hs)]}
                 for c, n, hs in sorted(features, key=lambda f: int(f[0][1:]))],
    "exits": [{"name": n, "hex": name(h), "edge": e} for n, h, e in exits],
}

if __name__ == "__main__":
    if "--show" in sys.argv:
        show()
        for c, n, hs in sorted(features, key=lambda f: int(f[0][1:])):
            print(c, n, len(hs), " ".join(name(h) for h in sorted(hs)))
    else:
        with open("maps/rifle-and-saber.json", "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print("wrote maps/rifle-and-saber.json")
