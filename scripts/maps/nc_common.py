"""Shared helpers of the 19th Century scenario generators (scripts/maps/nc_wissembourg.py,
scripts/maps/nc_trautenau.py): a flat-topped grid with even columns shoved down (Kepi's
`{"orientation": "flat", "shove": "even"}`), a river drawn as the hexsides between a north and
a south bank, roads checked hex by hex, and the map and scenario documents written as Kepi's
formats (docs/formats.md). Hexes are (column, row), 1-based as printed ("0304" is column 3,
row 4). The 19th Century rules are played at 6 inches a hex (docs/rules/nineteenth-century.md).
"""

import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


def neighbours(h, cols, rows):
    """The hexes sharing a side with h: even columns sit half a hex lower."""
    c, r = h
    if c % 2 == 0:
        side = [(c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    else:
        side = [(c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    out = [(c, r - 1), (c, r + 1)] + side
    return [(a, b) for a, b in out if 1 <= a <= cols and 1 <= b <= rows]


def adjacent(a, b, cols, rows):
    return b in neighbours(a, cols, rows)


def road(hexes, cols, rows):
    """A road's hexes, each checked to touch the next."""
    for a, b in zip(hexes, hexes[1:]):
        assert adjacent(a, b, cols, rows), f"road: {name(a)} does not touch {name(b)}"
    return [name(h) for h in hexes]


def river_sides(last_north_row, cols, rows):
    """The hexsides between the north bank (rows up to last_north_row[c] in column c) and the
    south bank, as sorted pairs of hexes."""
    north = {(c, r) for c in range(1, cols + 1) for r in range(1, last_north_row[c] + 1)}
    out = set()
    for a in north:
        for b in neighbours(a, cols, rows):
            if b not in north:
                out.add(tuple(sorted([a, b])))
    return sorted(out)


def write_map(doc_id, title, description, cols, rows, terrain, elevation, hexsides, routes):
    """Write maps/<doc_id>.json. `terrain` and `elevation` are lists of strings, one a row;
    `hexsides` maps a sorted pair of hexes to its features."""
    assert len(terrain) == rows and all(len(t) == cols for t in terrain), "terrain size"
    assert len(elevation) == rows and all(len(e) == cols for e in elevation), "elevation size"
    doc = {
        "format": "kepi-map",
        "version": 1,
        "id": doc_id,
        "name": title,
        "description": description,
        "ruleset": "nineteenth-century",
        "grid": {"orientation": "flat", "shove": "even", "columns": cols, "rows": rows},
        "scale": {"per_hex": 6, "unit": "inches"},
        "terrain": {
            "legend": {
                ".": "open",
                "w": "woods",
                "t": "town",
                "b": "buildings",
                "m": "marsh",
                "l": "lake",
            },
            "rows": terrain,
        },
        "elevation": {"rows": elevation},
        "hexsides": [
            {"between": [name(a), name(b)], "features": f}
            for (a, b), f in sorted(hexsides.items())
        ],
        "routes": routes,
    }
    path = os.path.join(ROOT, "maps", f"{doc_id}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return doc


def zone(pred, cols, rows):
    return [name((c, r)) for c in range(1, cols + 1) for r in range(1, rows + 1) if pred(c, r)]


def unit(uid, label, kind, h, facing=None, formation=None):
    u = {"id": uid, "name": label, "kind": kind, "hex": name(h)}
    if formation:
        u["formation"] = formation
    if facing:
        u["facing"] = facing
    # A side's section is read into a JSON map whose keys Kepi writes back in sorted order.
    return dict(sorted(u.items()))


def check_units(doc_map, sides, zones):
    """Every unit in its side's zone, on ground its kind may enter (woods: skirmishers only;
    buildings, marsh and lakes: none), one fighting unit a hex."""
    terr = doc_map["terrain"]["rows"]
    legend = doc_map["terrain"]["legend"]
    taken = set()
    for side, z in zip(sides, zones):
        for u in side["units"]:
            c, r = int(u["hex"][:2]), int(u["hex"][2:])
            t = legend[terr[r - 1][c - 1]]
            assert u["hex"] in z, f"{u['id']} at {u['hex']} outside its zone"
            assert t not in ("buildings", "marsh", "lake"), f"{u['id']} in {t}"
            if t == "woods":
                assert u["kind"] == "skirmishers", f"{u['id']} in woods"
            if u["kind"] != "commander":
                assert u["hex"] not in taken, f"two units in {u['hex']}"
                taken.add(u["hex"])


def write_scenario(doc):
    path = os.path.join(ROOT, "scenarios", f"{doc['id']}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
