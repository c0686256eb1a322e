#!/usr/bin/env python3
"""Paints maps/rk-trautenau.json and writes scenarios/rk-trautenau.json: Trautenau, 27 June
1866, the one battle of the campaign in Bohemia the Austrians won, for Rifle and Kepi at
1 hex = 1000 m and 1 game-turn = 1 hour: a small scenario to learn the system on.

The ground is described in kilometres from Trautenau's market square (x to the east, y to the
north), read from the accounts stored at staatsbibliothek.ewigerbund.org (Sybel, Die
Begründung des Deutschen Reiches, vol. 5: the town in a deep valley of the Aupa, which runs
east and then turns sharply south; steep ridges close behind the town, the Kapellenberg the
highest; a wavy plateau to the south whose eastern edge falls steeply to the Aupa; Hohenbruck
and Alt-Rognitz half an hour south, Neu-Rognitz half an hour further) and visuallibrary.net
(the Hopfen-, Kapellen- and Galgenberg; Parschnitz on the Aupa east of the town). The
Galgenberg and the Kapellenberg stand where the Trutnov tourist office's coordinates put them
(ictrutnov.cz); the Hopfenberg's place was not found, so it is not named on the map.

Run from the repository root:  python3 scripts/maps/rk_trautenau.py
"""

import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rk_ground import Ground, write  # noqa: E402

G = Ground(cols=10, rows=9, x0=-4.0, y0=2.3)

TOWNS = {
    "Trautenau": [(0.3, -0.2)],
    "Parschnitz": [(2.9, 0.6)],
    "Ober-Altstadt": [(-2.2, 0.3)],
    "Hohenbruck": [(0.3, -2.7)],
    "Alt-Rognitz": [(2.0, -2.4)],
    "Neu-Rognitz": [(1.2, -4.6)],
    "Burkersdorf": [(-1.4, -4.7)],
}

WOODS = {
    "the wooded ridge of Hohenbruck": [(-0.6, -2.3)],
    "the woods east of Alt-Rognitz": [(1.2, -3.3)],
    "the woods west of Neu-Rognitz": [(-0.5, -4.0)],
    "the woods above Ober-Altstadt": [(-3.1, -0.7)],
}

HEIGHTS = [
    (0.5, -3.2, 2.2, 3.2),  # the plateau south of the town
    (0.3, -1.2, 3.4, 1.0),  # Kapellenberg (Johannisberg)
    # Galgenberg (Šibeník, the Gablenz monument, 50.5559 N 15.9061 E): 0.6 km west of the
    # Kapellenberg's chapel (50.5559 N 15.9146 E), both 0.55 km south of the square
    # (ictrutnov.cz); the Kapellenberg is drawn a hex south of the town, the Galgenberg on the
    # hex west of it and of the town.
    (-0.5, -0.6, 3.0, 0.9),
    (-0.6, -1.3, 3.0, 0.9),  # the ridge south of the Galgenberg
    (0.3, 1.5, 2.0, 1.2),  # the heights north of the town, the Prussian batteries' ground
]

STREAMS = {
    "Aupa": [(-4.6, 0.9), (-2.2, 0.85), (-0.5, 0.35), (1.5, 0.35), (2.4, 0.15), (3.3, -0.6),
             (3.4, -4.0), (3.6, -6.6)],
}

CRESTS = {
    "the ridges behind the town": ([(-0.5, -0.6), (-0.6, -1.3), (0.3, -1.2)], 0),
    "the plateau's eastern edge": ([(2.0, -1.4), (2.1, -3.0)], 90),
}

FEATURES = [
    ("T1", "Trautenau", [(0.3, -0.2)]),
    ("H2", "Kapellenberg (Johannisberg)", [(0.3, -1.2)]),
    ("H3", "Galgenberg", [(-0.5, -0.6)]),
    ("T4", "Hohenbruck", [(0.3, -2.7)]),
    ("T5", "Alt-Rognitz", [(2.0, -2.4)]),
    ("T6", "Neu-Rognitz", [(1.2, -4.6)]),
    ("T7", "Parschnitz", [(2.9, 0.6)]),
]


def map_doc():
    return G.build(
        "rk-trautenau",
        "Trautenau, 27 June 1866 (Rifle and Kepi)",
        "The ground south of Trautenau at 1000 m a hex, 10 by 9 hexes: the town and "
        "Parschnitz on the Aupa (stream hexsides), which runs east past the town and turns "
        "south below the plateau's steep eastern edge (crest); the Galgenberg and the "
        "Kapellenberg close behind the town (crest on their northern faces), Hohenbruck and "
        "Alt-Rognitz on the wooded ridge two kilometres south, Neu-Rognitz and Burkersdorf "
        "at the south edge, the road to Königinhof and Josephstadt. Villages are town hexes. "
        "Painted by scripts/maps/rk_trautenau.py.",
        TOWNS, WOODS, HEIGHTS, STREAMS, CRESTS, FEATURES)


H = G.hex


def unit(uid, name, kind, x, y, **kw):
    return dict(id=uid, name=name, kind=kind, hex=H(x, y), **kw)


SOUTH = -5.7  # the south edge's row (odd columns)

# Game-turn 1 is 10 a.m., when the Prussian advance guard came through the town.
PRUSSIA = [
    unit("hq-bonin", "I Corps HQ (Bonin)", "hq", 0.3, 1.6),
    unit("p-1b", "1st Brigade, advance guard (1st Division, Grossmann)", "infantry", 0.3, 0.8,
         armament="breech"),
    unit("p-drag", "Lithuanian Dragoons", "cavalry", -1.4, -0.1, armament="breech"),
    unit("p-3b", "3rd Brigade (2nd Division, Clausewitz)", "infantry", 2.9, 0.6,
         armament="breech"),
    unit("p-4b", "4th Brigade (2nd Division)", "infantry", 2.0, 1.3, armament="breech"),
    unit("p-art", "I Corps artillery", "artillery", 0.3, 1.6, guns="mixed"),
    unit("p-2b", "2nd Brigade, reserve (1st Division)", "infantry", 0.3, 2.3,
         armament="breech", arrives=2),
]

AUSTRIA = [
    unit("a-mondel", "Brigade Mondel", "infantry", 0.3, -1.2, massed=True,
         formation="deployed", facing="N"),
    unit("a-drag", "Windischgrätz Dragoons", "cavalry", -1.4, -1.8, facing="N"),
    unit("hq-gablenz", "X Corps HQ (Gablenz)", "hq", 0.3, -5.2, arrives=2),
    unit("a-art", "X Corps artillery reserve", "artillery", 1.2, SOUTH, guns="rifled",
         arrives=4),
    unit("a-grivicic", "Brigade Grivicic", "infantry", 2.0, -5.2, massed=True, arrives=4),
    unit("a-wimpffen", "Brigade Wimpffen", "infantry", 0.3, -5.2, massed=True, arrives=6),
    unit("a-knebel", "Brigade Knebel", "infantry", -0.5, -5.7, massed=True, arrives=8),
]

OBJECTIVES = {
    "prussia": [((0.3, -0.2), 3), ((2.9, 0.6), 1)],
    "austria": [((0.3, -1.2), 2), ((-0.5, -0.6), 1), ((0.3, -2.7), 1), ((1.2, -4.6), 2)],
}


def prussian_zone(x, y):
    return y > -0.6


def austrian_zone(x, y):
    return y < -0.6


def scenario_doc():
    for side, units, zone in (("prussia", PRUSSIA, prussian_zone),
                              ("austria", AUSTRIA, austrian_zone)):
        for u in units:
            if "arrives" not in u:
                x, y = G.center(int(u["hex"][:2]), int(u["hex"][2:]))
                assert zone(x, y), f"{side}: {u['id']} at {u['hex']} outside its zone"
    return {
        "format": "kepi-scenario",
        "version": 1,
        "id": "rk-trautenau",
        "ruleset": "rifle-and-kepi",
        "title": "Trautenau",
        "date": "27 June 1866",
        "portion": "From 10 a.m., the Prussian I Corps' advance guard coming through "
                   "Trautenau under Mondel's fire from the heights, to 7 p.m., Knebel's "
                   "brigade, the last, coming up against the heights behind the town.",
        "map": "rk-trautenau",
        "sides": [
            {"id": "prussia", "name": "Prussia", "color": "black", "c3": "bad",
             "home_edge": "north",
             "objectives": [{"hex": H(*p), "points": n} for p, n in OBJECTIVES["prussia"]],
             "units": [dict(sorted(u.items())) for u in PRUSSIA]},
            {"id": "austria", "name": "Austria", "color": "white", "c3": "average",
             "home_edge": "south",
             "objectives": [{"hex": H(*p), "points": n} for p, n in OBJECTIVES["austria"]],
             "units": [dict(sorted(u.items())) for u in AUSTRIA]},
        ],
        "deploys_first": "austria",
        "moves_first": "prussia",
        "deployment": [
            {"side": "prussia", "zone": {
                "text": "The Prussian I Corps sets up in the Aupa valley: the town, "
                        "Parschnitz and the heights north of them.",
                "hexes": G.zone(prussian_zone)}},
            {"side": "austria", "zone": {
                "text": "Mondel's brigade and the dragoons set up on the heights and the "
                        "plateau south of the town.",
                "hexes": G.zone(austrian_zone)}},
        ],
        "game_length": 10,
        "special_rules": [
            {"text": "Game-turn 1 is 10 a.m., each game-turn one hour; the last, 10, is 7 p.m. "
                     "Reinforcements enter at their hex before the cards of their game-turn "
                     "(or at the nearest free hex within two): the Prussian 2nd Brigade from "
                     "the north at 11 a.m.; Gablenz at 11, Grivicic's brigade and the corps' "
                     "reserve artillery at 1 p.m., Wimpffen's brigade at 3 and Knebel's at 5, "
                     "all from the south.",
             "rule": {"kind": "note"}},
            {"text": "The Prussians carry breechloaders; the Austrian brigades fight massed "
                     "(RK Result). A brigade is played as one of the text's regiments: two "
                     "steps.",
             "rule": {"kind": "note"}},
        ],
        # Keys within a unit in the order the scenario editor writes them (sorted), so that
        # the file opens and saves back byte for byte.
        "notes": {"history": HISTORY, "reading": READING, "source": SOURCE},
    }


HISTORY = (
    "**27 June 1866.** The Prussian Second Army crossed the mountains into Bohemia by three "
    "passes. On its right Bonin's I Corps came down from Liebau on Trautenau in two columns, "
    "its 2nd Division waiting at Parschnitz for the 1st, whose advance guard was to lead and "
    "was two hours late. Gablenz had ordered Mondel's brigade of his X Corps to hold the town; "
    "warned by his dragoons, Mondel put it on the heights behind it instead. The Prussian "
    "advance guard came through the town about 10 and climbed the ridges under fire; Mondel "
    "fell back in good order about 1 p.m. to Neu-Rognitz. Gablenz's other brigades had set out "
    "late from around Jaromer: Grivicic came up on Mondel's right with the corps' reserve "
    "batteries and took Alt-Rognitz, Wimpffen arrived on the left about 4 and pushed down to "
    "Hohenbruck, and Knebel's brigade came up last, in the evening, against the heights "
    "behind the town. Bonin, his divisions committed piecemeal, fell back through the pass. It was the Austrians' only "
    "victory of the campaign and cost them three times the Prussian losses."
)

READING = (
    "At this size a brigade stands for one of the text's infantry regiments (two steps), and "
    "the I Corps' batteries and the X Corps' reserve for one artillery regiment each. C3: "
    "Prussia bad (a corps with no advance guard in time, a division idle at Parschnitz, "
    "orders that did not arrive), Austria average (the brigades marched late but were fed "
    "into the fight one after another where Gablenz wanted them)."
)

SOURCE = (
    "Kepi's own scenario. Strengths: kuk-wehrmacht.de (I Corps 32,702 men under Bonin with "
    "Grossmann's 1st and Clausewitz's 2nd Division; X Corps 26,084 men in the brigades Mondel, "
    "Grivicic, Wimpffen and Knebel; their orders to march at 8:15, 10, 10:30 and the reserve "
    "artillery at 11:30, Wimpffen leaving only at 12:30). Hours and ground: Sybel (Mondel's "
    "seven battalions and eight guns, Gablenz on the field at 11, the retreat to Neu-Rognitz), "
    "visuallibrary.net (Mondel back at about 1 p.m., Grivicic with three reserve batteries, "
    "Wimpffen at about 4 p.m.); de.wikipedia Schlacht bei Trautenau (a costly Austrian "
    "victory, the Prussian corps back through the pass it had come by). Losses: figuren.miniatures.de after Meyers (Austrians 183 "
    "officers and 4,231 men killed and wounded and 373 prisoners, Prussians 56 officers and "
    "1,282 men)."
)


def main():
    write("maps/rk-trautenau.json", map_doc())
    write("scenarios/rk-trautenau.json", scenario_doc())


if __name__ == "__main__":
    main()
