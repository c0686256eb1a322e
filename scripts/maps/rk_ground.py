"""Shared painting code for the Rifle and Kepi maps (rk_koniggratz.py, rk_trautenau.py).

A battlefield is described in kilometres from a reference point (x to the east, y to the
north): villages and towns as points, woods as points or polylines, heights as (x, y, height,
radius) cones, streams as polylines along hexsides and crests as polylines with the bearing
they face. `Ground.build()` turns the description into Kepi's map format (docs/formats.md,
"Map") on flat-topped hexes 1000 m across, the scale of Rifle and Kepi ("1 hex = 1000m"), with
only the terrain keys of src/engine/rifle_and_kepi/data/terrain-effects.json (clear, woods,
town; stream, hedge and crest hexsides). The text has no roads, so no routes are painted.
"""

import json
import math
import os
import sys

HEX_M = 1000
R_KM = HEX_M / 1000 / math.sqrt(3)  # corner radius
DX = 1.5 * R_KM  # column spacing
DY = HEX_M / 1000  # row spacing

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def name(h):
    return f"{h[0]:02d}{h[1]:02d}"


class Ground:
    def __init__(self, cols, rows, x0, y0):
        """A grid of `cols` by `rows` hexes; the centre of hex 0101 at (x0, y0) km."""
        self.cols, self.rows, self.x0, self.y0 = cols, rows, x0, y0
        self.hexes = [(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]

    def center(self, c, r):
        """Centre of hex (column, row), 1-based as printed; even columns sit half a hex lower."""
        x = self.x0 + (c - 1) * DX
        y = self.y0 - (r - 1) * DY - (DY / 2 if c % 2 == 0 else 0)
        return x, y

    def at(self, x, y):
        """The hex whose centre is nearest (x, y); None off the map."""
        best = min(self.hexes,
                   key=lambda h: (self.center(*h)[0] - x) ** 2 + (self.center(*h)[1] - y) ** 2)
        bx, by = self.center(*best)
        if math.hypot(bx - x, by - y) > R_KM * 1.01:
            return None
        return best

    def hex(self, x, y):
        """The name of the hex at (x, y): it must be on the map."""
        h = self.at(x, y)
        assert h is not None, f"({x}, {y}) is off the map"
        return name(h)

    def adjacent(self, a, b):
        ax, ay = self.center(*a)
        bx, by = self.center(*b)
        return abs(math.hypot(ax - bx, ay - by) - DY) < 1e-6

    def neighbours(self, h):
        x, y = self.center(*h)
        return [n for n in self.hexes
                if abs(self.center(*n)[0] - x) < 1.2 and abs(self.center(*n)[1] - y) < 1.2
                and self.adjacent(h, n)]

    def chain(self, points, step=0.01):
        """The hexes a polyline passes through."""
        out = []
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
            for i in range(n + 1):
                h = self.at(x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n)
                if h is None or (out and out[-1] == h):
                    continue
                out.append(h)
        return out

    def area(self, points):
        return self.chain(points) if len(points) > 1 else [h for h in [self.at(*points[0])] if h]

    def stream_sides(self, points):
        """The hexsides a stream runs along: each pair of neighbouring hexes whose centres lie
        on opposite sides of the line, with the hexside's midpoint close to it."""
        out = set()
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            seg_len = math.hypot(x2 - x1, y2 - y1)
            for a in self.hexes:
                ax, ay = self.center(*a)
                if min(abs(ax - x1), abs(ax - x2)) > seg_len + 2 and not (
                        min(x1, x2) - 2 <= ax <= max(x1, x2) + 2):
                    continue
                for b in self.neighbours(a):
                    if a >= b:
                        continue
                    bx, by = self.center(*b)
                    mx, my = (ax + bx) / 2, (ay + by) / 2
                    t = ((mx - x1) * (x2 - x1) + (my - y1) * (y2 - y1)) / seg_len**2
                    if not -0.02 <= t <= 1.02:
                        continue
                    px, py = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
                    if math.hypot(mx - px, my - py) > DY * 0.45:
                        continue
                    sa = (x2 - x1) * (ay - y1) - (y2 - y1) * (ax - x1)
                    sb = (x2 - x1) * (by - y1) - (y2 - y1) * (bx - x1)
                    if sa * sb < 0:
                        out.add((a, b))
        return out

    def bearing(self, a, b):
        ax, ay = self.center(*a)
        bx, by = self.center(*b)
        return math.degrees(math.atan2(bx - ax, by - ay)) % 360

    def build(self, map_id, title, description, towns, woods, heights, streams, crests,
              features):
        """The map as a dict. `towns` and `woods`: {name: [points]}; `heights`: [(x, y, height,
        radius)]; `streams`: {name: [points]}; `crests`: {name: ([points], bearing faced)};
        `features`: [(code, name, [points])]."""
        terrain = {h: "." for h in self.hexes}
        for pts in woods.values():
            for h in self.area(pts):
                terrain[h] = "w"
        for pts in towns.values():
            for h in self.area(pts):
                terrain[h] = "t"
        elevation = {}
        for h in self.hexes:
            x, y = self.center(*h)
            e = 0.0
            for hx, hy, height, radius in heights:
                d = math.hypot(x - hx, y - hy)
                e = max(e, height * max(0.0, 1 - (d / radius) ** 2))
            elevation[h] = min(9, round(e))
        sides = {}

        def add(a, b, feature):
            key = tuple(sorted((a, b)))
            sides.setdefault(key, [])
            if feature not in sides[key]:
                sides[key].append(feature)

        for pts in streams.values():
            for a, b in self.stream_sides(pts):
                add(a, b, "stream")
        for pts, facing in crests.values():
            ridge = self.area(pts)
            for h in ridge:
                for n in self.neighbours(h):
                    if n in ridge:
                        continue
                    off = (self.bearing(h, n) - facing + 180) % 360 - 180
                    if abs(off) <= 60:
                        add(h, n, "crest")
        hexsides = [{"between": [name(a), name(b)], "features": f}
                    for (a, b), f in sorted(sides.items())]
        feats = [{"code": code, "name": fname,
                  "hexes": sorted({name(h) for h in self.area(pts)})}
                 for code, fname, pts in features]
        legend = {".": "clear", "t": "town", "w": "woods"}
        rows = ["".join(terrain[(c, r)] for c in range(1, self.cols + 1))
                for r in range(1, self.rows + 1)]
        erows = ["".join(str(elevation[(c, r)]) for c in range(1, self.cols + 1))
                 for r in range(1, self.rows + 1)]
        return {
            "format": "kepi-map",
            "version": 1,
            "id": map_id,
            "name": title,
            "description": description,
            "ruleset": "rifle-and-kepi",
            "grid": {"orientation": "flat", "shove": "even", "columns": self.cols,
                     "rows": self.rows},
            "scale": {"per_hex": HEX_M, "unit": "metres"},
            "terrain": {"legend": legend, "rows": rows},
            "elevation": {"rows": erows},
            "hexsides": hexsides,
            "features": feats,
        }

    def zone(self, test):
        """The names of the hexes whose centres satisfy test(x, y)."""
        return [name(h) for h in self.hexes if test(*self.center(*h))]


def write(relative, doc):
    out = os.path.join(ROOT, relative)
    with open(out, "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {relative}", file=sys.stderr)
