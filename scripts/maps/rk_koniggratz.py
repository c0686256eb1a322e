#!/usr/bin/env python3
"""Paints maps/rk-koniggratz.json and writes scenarios/rk-koniggratz.json: Königgrätz
(Sadowa), 3 July 1866, for Rifle and Kepi at 1 hex = 1000 m and 1 game-turn = 1 hour.

The ground is described in kilometres from Chlum church (x to the east, y to the north), read
off the battlefield's well-known layout (the sketch maps of Hozier, "The Seven Weeks' War",
and of Wagner, "The Campaign of Königgrätz", as stored at bookreadfree.com and litres.de, and
the battlefieldanomalies.com account): the Bistritz from Benatek past Sadowa to Nechanitz,
the Chlum-Lipa heights with the Swiepwald and Maslowed north of them, the heights of
Horenowes and Racitz above the Trotina, Problus and Prim on the Saxon wing, the Elbe and the
fortress of Königgrätz in the south-east. Distances are rounded to what a 1 km hex can show.

Orders of battle: en.wikipedia "Battle of Königgrätz order of battle" (compiled from the
Prussian official history); docs/scenarios/rk-koniggratz.md gives the reading of each unit.

Run from the repository root:  python3 scripts/maps/rk_koniggratz.py
"""

import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rk_ground import DX, Ground, write  # noqa: E402

# Two columns more in the west than the first version (x0 -9.0): Nechanitz on the Bistritz is
# 8.4 km west of Chlum, and the Elbe Army's approach lies beyond it (issue 43). Two columns
# keep every older hex's place (the even columns stay the lower ones).
G = Ground(cols=22, rows=18, x0=-9.0 - 2 * DX, y0=8.3)

# Places in km from Chlum (50°16'44"N 15°44'56"E): from their coordinates where a source gives
# them (docs/scenarios/rk-koniggratz.md, "Checked against history"), else from the sketch maps.
TOWNS = {
    "Sadowa": [(-3.5, 2.1)],  # Sadová 50°17'51"N 15°42'00"E, on the Bistritz's right bank
    "Lipa": [(-1.4, 0.1)],  # Lípa 50°16'47"N 15°43'46"E
    "Chlum": [(0.0, 0.0)],
    "Problus": [(-2.4, -3.7)],  # Probluz 50°14'45"N 15°42'55"E
    "Nieder-Prim": [(-3.3, -4.2)],  # Dolní Přím 50°14'27"N 15°42'11"E
    "Nechanitz": [(-8.4, -4.5)],  # Nechanice 50°14'18"N 15°37'51"E, on the Bistritz
    "Maslowed": [(0.3, 1.9)],
    "Cistowes": [(-1.5, 1.3)],
    "Benatek": [(-1.0, 3.5)],  # Benátky 50°18'37"N 15°44'7"E, north of the Swiepwald
    "Horenowes": [(1.3, 3.4)],  # Hořiněves 50°18'35"N 15°46'03"E
    "Racitz": [(3.3, 3.9)],
    "Nedelist": [(2.6, 0.9)],
    "Rosberitz": [(1.1, -1.3)],
    "Langenhof": [(-0.6, -2.1)],
    "Stresetitz": [(-1.9, -2.6)],
    "Wsestar": [(0.6, -2.5)],  # Všestary 50°15'23"N 15°45'26"E
    "Lochenitz": [(5.3, 2.9)],
    "Dub": [(-5.4, 2.0)],  # north of Mžany (50°17'21"N 15°40'25"E)
    "Königgrätz": [(5.6, -8.0)],
}

WOODS = {
    "Swiepwald": [(-2.0, 2.3), (-0.9, 2.5)],
    "Hola wood": [(-2.7, 1.0)],  # south-east of Sadowa, as the first version drew it
    "Prim woods": [(-2.1, -5.0), (-1.1, -5.4)],  # south of Prim, as Nieder-Prim moved
    "Lubno wood": [(-6.6, -3.8)],  # by Lubno, 1 km east of Nechanitz
}

# (x, y, height, radius): a cone; a hex takes the highest.
HEIGHTS = [
    (0.0, -1.0, 1.5, 6.5),  # the plateau between the Bistritz and the Elbe
    (0.0, 0.0, 3.4, 2.2),  # Chlum
    (-1.4, 0.1, 2.6, 1.8),  # Lipa
    (0.3, 2.0, 2.4, 1.4),  # Maslowed
    (2.0, 2.7, 3.4, 2.0),  # Horenowes: the Tumplac hill with its old limes, 1 km south-east
    (3.3, 3.5, 2.5, 1.6),  # Racitz and Sendrasitz
    (-2.2, -3.9, 2.5, 1.8),  # Problus
    (-1.9, -5.0, 2.0, 1.5),  # Prim
    (-4.0, 3.0, 2.5, 1.6),  # Roskosberg, the King's hill, north of Sadowa
]

STREAMS = {
    # East of Sadowa and Sowetitz (right bank), west of Benatek, Dohalitz (Dohalice 50°17'3"N
    # 15°41'43"E, (-3.8, 0.6)) and Mokrowous (Mokrovousy 50°16'28"N 15°41'1"E, (-4.6, -0.5)),
    # both on the left bank, then south-west to Nechanitz.
    "Bistritz": [(-2.3, 8.8), (-2.5, 6.0), (-3.0, 3.5), (-3.15, 2.1), (-4.3, 0.6),
                 (-5.0, -0.5), (-8.0, -4.5), (-8.6, -7.0), (-9.0, -9.6)],
    "Trotina": [(-2.5, 8.9), (0.0, 7.2), (2.5, 6.3), (4.5, 4.6), (5.85, 3.6)],
    "Elbe": [(6.6, 9.0), (6.0, 5.5), (5.85, 3.5), (6.1, 0.5), (6.5, -3.0), (6.2, -6.0),
             (6.6, -9.6)],
}

# (points, bearing faced): crest hexsides on that face.
CRESTS = {
    "Chlum and Lipa": ([(-1.4, 0.1), (0.0, 0.0)], 270),
    "Horenowes": ([(2.0, 2.7)], 0),
    "Racitz": ([(3.3, 3.5)], 0),
    "Problus": ([(-2.2, -3.9)], 270),
    "Roskosberg": ([(-4.0, 3.0)], 90),
}

FEATURES = [
    ("T1", "Chlum", [(0.0, 0.0)]),
    ("T2", "Lipa", [(-1.4, 0.1)]),
    ("T3", "Sadowa", [(-3.5, 2.1)]),
    ("T4", "Problus", [(-2.4, -3.7)]),
    ("T5", "Rosberitz", [(1.1, -1.3)]),
    ("T6", "Maslowed", [(0.3, 1.9)]),
    ("H7", "Horenowes and its limes hill", [(1.3, 3.4), (2.0, 2.7)]),
    ("W8", "Swiepwald", [(-2.0, 2.3), (-0.9, 2.5)]),
    ("W9", "Hola wood", [(-2.7, 1.0)]),
    ("T10", "Nechanitz", [(-8.4, -4.5)]),
    ("H11", "Roskosberg and Dub", [(-4.0, 3.0), (-5.4, 2.0)]),
    ("F12", "Königgrätz fortress", [(5.6, -8.0)]),
    ("T13", "Benatek", [(-1.0, 3.5)]),
    ("T14", "Nedelist", [(2.6, 0.9)]),
]


def map_doc():
    return G.build(
        "rk-koniggratz",
        "Königgrätz (Sadowa), 3 July 1866 (Rifle and Kepi)",
        "The field of Königgrätz at 1000 m a hex, 22 by 18 hexes: the Bistritz (stream "
        "hexsides) past Sadowa, on its right bank, and south-west to Nechanitz, the Austrian position on the "
        "Chlum-Lipa heights (crest on their western face) with the Swiepwald and Maslowed to "
        "the north, the heights of Horenowes (its limes hill) and Racitz above the Trotina "
        "facing north, Problus and Prim on the Saxon wing, the Roskosberg by Dub where King Wilhelm stood, "
        "and the Elbe (a stream hexside: the chart has no river) with the fortress of "
        "Königgrätz in the south-east. Villages are town hexes. The text has no roads. "
        "Painted by scripts/maps/rk_koniggratz.py.",
        TOWNS, WOODS, HEIGHTS, STREAMS, CRESTS, FEATURES)


# ---------------------------------------------------------------- the scenario

H = G.hex


def inf(uid, name, x, y, **kw):
    return dict(id=uid, name=name, kind="infantry", hex=H(x, y), **kw)


def cav(uid, name, x, y, **kw):
    return dict(id=uid, name=name, kind="cavalry", hex=H(x, y), **kw)


def art(uid, name, guns, x, y, **kw):
    return dict(id=uid, name=name, kind="artillery", guns=guns, hex=H(x, y), **kw)


def hq(uid, name, x, y, **kw):
    return dict(id=uid, name=name, kind="hq", hex=H(x, y), **kw)


def prussian(u):
    if u["kind"] in ("infantry", "cavalry"):
        u["armament"] = "breech"
    return u


def austrian(u):
    if u["kind"] == "infantry" and not u.get("saxon"):
        u["massed"] = True
    u.pop("saxon", None)
    return u


# Game-turn 1 is 8 a.m.; game-turn 11, the last, 6 p.m.
NORTH = 7.8  # the north edge's row (even columns), where the Second Army comes in

PRUSSIA = [prussian(u) for u in [
    # The First Army (Prince Friedrich Karl) on the Bistritz.
    # Its HQ on the Roskosberg, where the King and Moltke watched the day.
    hq("hq-1a", "First Army HQ (Prince Friedrich Karl)", -4.0, 3.0),
    inf("p-7", "7th Division (Fransecky), IV Corps", -3.9, 4.2),
    inf("p-8", "8th Division (Horn), IV Corps", -4.6, 1.6),
    art("p-art-4", "IV Corps artillery", "mixed", -4.6, 1.6),
    inf("p-3", "3rd Division (Werder), II Corps", -5.5, 0.3),
    inf("p-4", "4th Division (Herwarth von Schmidt), II Corps", -6.4, -0.8),
    art("p-art-2", "II Corps artillery", "mixed", -5.5, 0.3),
    inf("p-5", "5th Division (Tümpling), III Corps", -5.4, 2.0),
    inf("p-6", "6th Division (Manstein), III Corps", -6.4, 1.3),
    art("p-art-3", "III Corps artillery", "mixed", -5.4, 2.0),
    art("p-art-1a", "First Army reserve artillery", "mixed", -6.4, 1.3),
    cav("p-cav-2", "2nd Cavalry Division (Hann von Weyhern), Cavalry Corps", -7.3, -0.2),
    # The Elbe Army (Herwarth von Bittenfeld) on the right, by Nechanitz, with Alvensleben's
    # cavalry division of the First Army's Cavalry Corps, sent to it (the 1914 history, p. 328).
    hq("hq-elbe", "Elbe Army HQ (Herwarth von Bittenfeld)", -9.3, -4.0),
    inf("p-ag", "Elbe Army advance guard (Schöler)", -8.4, -4.5),
    inf("p-14", "14th Division (Münster)", -9.3, -4.0),
    art("p-art-e", "Elbe Army artillery", "mixed", -9.3, -5.0),
    cav("p-cav-1", "1st Cavalry Division (Alvensleben), Cavalry Corps", -10.1, -3.5),
    inf("p-15", "15th Division (Canstein)", -10.7, -4.2, arrives=2),
    inf("p-16", "16th Division (Etzel)", -10.7, -5.7, arrives=4),
    # The Second Army (the Crown Prince) from the north.
    hq("hq-2a", "Second Army HQ (Crown Prince Friedrich Wilhelm)", 0.5, NORTH, arrives=4),
    inf("p-1g", "1st Guard Division (Hiller von Gärtringen)", 0.5, NORTH, arrives=4),
    art("p-art-g", "Guard Corps reserve artillery", "mixed", 0.5, NORTH, arrives=4),
    inf("p-12", "12th Division (Prondzynski), VI Corps", 4.0, NORTH, arrives=4),
    inf("p-2g", "2nd Guard Division (Plonski)", -0.3, 8.3, arrives=5),
    inf("p-11", "11th Division (Zastrow), VI Corps", 3.1, 8.3, arrives=5),
    art("p-art-6", "VI Corps artillery", "mixed", 3.1, 8.3, arrives=5),
    inf("p-1", "1st Division (Grossmann), I Corps", -2.1, 8.3, arrives=6),
    inf("p-2", "2nd Division (Clausewitz), I Corps", -1.2, NORTH, arrives=7),
    art("p-art-i", "I Corps artillery", "mixed", -2.1, 8.3, arrives=7),
    inf("p-9", "9th Division (Löwenfeld), V Corps", 1.4, 8.3, arrives=8),
    cav("p-cav-h", "Cavalry Division Hartmann, Second Army", 2.3, NORTH, arrives=8),
    inf("p-10", "10th Division (Kirchbach), V Corps", 1.4, 8.3, arrives=9),
]]

AUSTRIA = [austrian(u) for u in [
    hq("hq-nord", "North Army HQ (Benedek)", -1.4, 0.1),
    # The centre on the heights: III Corps at Chlum and Lipa, X Corps by Langenhof.
    inf("a-3a", "III Corps, brigades Appiano and Benedek (Archduke Ernst)", -1.4, 0.1,
        formation="deployed"),
    inf("a-3b", "III Corps, brigades Kirchsberg and Prohaska", 0.0, 0.0, formation="deployed"),
    art("a-art-3", "III Corps artillery", "rifled", 0.0, 0.0, formation="deployed"),
    # Grivicic's brigade had been overwhelmed at Rudersdorf on 28 June and its colonel taken
    # (Kriegs-Chronik, p. 155): its remnant marched with Mondel's.
    inf("a-10a", "X Corps, brigade Mondel and the remnant of Grivicic's (Gablenz)", -2.1, -1.5,
        formation="deployed"),
    inf("a-10b", "X Corps, brigades Knebel and Wimpffen", -1.2, -2.2, formation="deployed"),
    art("a-art-10", "X Corps artillery", "rifled", -2.1, -1.5, formation="deployed"),
    # The right: IV Corps at Maslowed and Cistowes, II Corps on the Racitz heights.
    inf("a-4a", "IV Corps, brigades Brandenstein and Fleischhacker (Festetics)", -1.5, 1.3,
        formation="deployed"),
    inf("a-4b", "IV Corps, brigades Poeckh and Archduke Joseph", 0.3, 1.9, formation="deployed"),
    art("a-art-4", "IV Corps artillery", "rifled", 1.0, 3.0, formation="deployed"),
    inf("a-2a", "II Corps, brigades Thom and Henriquez (Thun)", 2.3, 2.8, formation="deployed",
        facing="N"),
    inf("a-2b", "II Corps, brigades Saffran and Duke of Württemberg", 3.3, 3.9,
        formation="deployed", facing="N"),
    art("a-art-2", "II Corps artillery", "rifled", 3.3, 3.9, formation="deployed", facing="N"),
    cav("a-lc-2", "2nd Light Cavalry Division (Thurn und Taxis)", 4.2, 5.0, facing="N"),
    # The left: the Saxon Corps at Problus and Prim, VIII Corps behind it.
    inf("s-1", "Saxon 1st Division (Schimpff), Saxon Corps (Crown Prince Albert)", -2.4, -3.7,
        formation="deployed", saxon=True),
    inf("s-2", "Saxon 2nd Division (Stieglitz)", -3.3, -4.2, formation="deployed", saxon=True),
    art("s-art", "Saxon artillery", "rifled", -2.4, -3.7, formation="deployed"),
    inf("a-8a", "VIII Corps (Weber), first half", -2.1, -5.5),
    inf("a-8b", "VIII Corps, second half", -1.2, -6.0),
    art("a-art-8", "VIII Corps artillery", "rifled", -2.1, -5.5),
    cav("a-lc-1", "1st Light Cavalry Division (Edelsheim)", -0.3, -4.8),
    # The reserve: VI and I Corps, the reserve cavalry and the army's artillery reserve.
    inf("a-6a", "VI Corps, brigades Hertwek and Rosenzweig (Ramming)", 0.6, -2.5),
    inf("a-6b", "VI Corps, brigades Waldstätten and Jonak", 2.3, -1.9),
    art("a-art-6", "VI Corps artillery", "rifled", 0.6, -2.5),
    inf("a-1a", "I Corps, brigades Poschacher and Piret (Gondrecourt)", 1.1, -1.3),
    inf("a-1b", "I Corps, brigades Leiningen, Ringelsheim and Abele", 2.3, -3.3),
    art("a-art-1", "I Corps artillery", "rifled", 1.1, -1.3),
    cav("a-rc-1", "1st Reserve Cavalry Division (Prince Holstein)", 3.5, -1.0),
    cav("a-rc-2", "2nd Reserve Cavalry Division (Zajtsek)", 3.5, -2.5),
    cav("a-rc-3", "3rd Reserve Cavalry Division (Coudenhove)", 0.5, -4.0),
    art("a-ar-1", "Army artillery reserve, first division of batteries", "rifled", 2.6, 0.9),
    art("a-ar-2", "Army artillery reserve, second division of batteries", "rifled", 3.5, -0.2),
    art("a-ar-3", "Army artillery reserve, third division of batteries", "rifled", 2.3, -1.9),
]]

OBJECTIVES = {
    "austria": [((0.0, 0.0), 4), ((-1.4, 0.1), 2), ((-2.4, -3.7), 2), ((1.1, -1.3), 2),
                ((0.3, 1.9), 1), ((2.0, 2.7), 1), ((-3.5, 2.1), 1)],
    "prussia": [((-4.0, 3.0), 1)],
}


def bistritz_x(y):
    """Where the Bistritz runs at latitude y."""
    pts = STREAMS["Bistritz"]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        if y2 <= y <= y1:
            return x1 + (x2 - x1) * (y - y1) / (y2 - y1)
    return pts[0][0] if y > pts[0][1] else pts[-1][0]


def prussian_zone(x, y):
    return x < bistritz_x(y)


def austrian_zone(x, y):
    return x > bistritz_x(y)


def check(units, zone, side):
    seen = {}
    for u in units:
        if u["kind"] == "hq":
            continue
        key = (u["hex"], u["kind"] == "artillery", u.get("arrives"))
        assert key not in seen, f"{side}: {u['id']} and {seen[key]} share {u['hex']}"
        seen[key] = u["id"]
        if "arrives" not in u:
            x, y = G.center(int(u["hex"][:2]), int(u["hex"][2:]))
            assert zone(x, y), f"{side}: {u['id']} at {u['hex']} outside its zone"


def scenario_doc():
    check(PRUSSIA, prussian_zone, "prussia")
    check(AUSTRIA, austrian_zone, "austria")
    return {
        "format": "kepi-scenario",
        "version": 1,
        "id": "rk-koniggratz",
        "ruleset": "rifle-and-kepi",
        "title": "Königgrätz (Sadowa)",
        "date": "3 July 1866",
        "portion": "From 8 a.m., the First and Elbe Armies closing on the Bistritz, to 6 p.m., "
                   "the Second Army on the Austrian right and the North Army's line broken or "
                   "holding.",
        "map": "rk-koniggratz",
        "sides": [
            {"id": "prussia", "name": "Prussia", "color": "black", "c3": "good",
             "home_edge": "west",
             "objectives": [{"hex": H(*p), "points": n} for p, n in OBJECTIVES["prussia"]],
             "units": [dict(sorted(u.items())) for u in PRUSSIA]},
            {"id": "austria", "name": "Austria and Saxony", "color": "white", "c3": "bad",
             "home_edge": "east",
             "objectives": [{"hex": H(*p), "points": n} for p, n in OBJECTIVES["austria"]],
             "units": [dict(sorted(u.items())) for u in AUSTRIA]},
        ],
        "deploys_first": "austria",
        "moves_first": "prussia",
        "deployment": [
            {"side": "prussia", "zone": {
                "text": "The First and Elbe Armies set up west of the Bistritz; the Second "
                        "Army enters from the north edge.",
                "hexes": G.zone(prussian_zone)}},
            {"side": "austria", "zone": {
                "text": "The North Army and the Saxons set up east of the Bistritz.",
                "hexes": G.zone(austrian_zone)}},
        ],
        "game_length": 11,
        "special_rules": [
            {"text": "Game-turn 1 is 8 a.m., each game-turn one hour; the last, 11, is 6 p.m. "
                     "Reinforcements enter at their hex before the cards of their game-turn "
                     "(or at the nearest free hex within two): the 15th Division at 9 a.m., "
                     "the 16th at 11; the Second Army's 1st Guard Division, Guard reserve "
                     "artillery and 12th Division at 11 a.m., the 2nd Guard and 11th "
                     "Divisions and VI Corps artillery at noon, I Corps at 1 and 2 p.m., V "
                     "Corps and Hartmann's cavalry at 3 and 4 p.m.",
             "rule": {"kind": "note"}},
            {"text": "Prussian infantry and cavalry carry breechloaders (the Dreyse needle "
                     "gun); the Austrian infantry fights massed (RK Result: it loses a step "
                     "more in each combat against breechloaders); the Saxons do not. Austrian "
                     "and Saxon guns are rifled, the Prussian batteries mixed (rifled 4- and "
                     "6-pounders with smoothbore 12-pounders).",
             "rule": {"kind": "note"}},
        ],
        # Keys within a unit in the order the scenario editor writes them (sorted), so that
        # the file opens and saves back byte for byte.
        "notes": {
            "history": HISTORY,
            "reading": READING,
            "source": SOURCE,
        },
    }


HISTORY = (
    "**3 July 1866.** Benedek's North Army, beaten in the frontier battles of late June, stood "
    "with the Saxon corps on the heights between the Bistritz and the Elbe in front of the "
    "fortress of Königgrätz. Moltke sent the First Army (Prince Friedrich Karl) and the Elbe "
    "Army (Herwarth von Bittenfeld) against its front at dawn and ordered the Second Army "
    "(the Crown Prince), a morning's march to the north, onto its right flank. The Prussians "
    "crossed the Bistritz at Sadowa and at Nechanitz in rain and mist and were held all "
    "morning under the fire of the massed Austrian batteries; Fransecky's 7th Division fought "
    "for hours in the Swiepwald against much of the Austrian IV and II Corps, which had left "
    "their line to attack it. From about 11 the Guards and VI Corps came over the Trotina, "
    "took the Horenowes heights and, about 3 p.m., Chlum itself, behind the "
    "Austrian centre. The Elbe Army took Problus from the Saxons; Benedek's reserve corps "
    "counter-attacked Chlum and Rosberitz and were shot down, and the artillery and cavalry "
    "covered the retreat over the Elbe. The Prussians lost about 9,000 men, the Austrians "
    "between 31,000 and 43,000 with their prisoners, the Saxons 1,500."
)

READING = (
    "A unit is a division (Prussian) or half an Austrian corps (two brigades, near a Prussian "
    "division's strength), a Saxon division, a cavalry division, or 40 to 50 guns of a corps "
    "or of the army's reserve (RK Scales). Every infantry and artillery unit has two steps, "
    "cavalry one. C3: Prussia good (Moltke's directive and the Second Army's march), Austria "
    "bad (corps leaving their line in the Swiepwald, the reserves committed late). The "
    "Prussians have breechloaders, the Austrians fight massed. Arrivals follow the hours at "
    "which the formations reached the field; the Second Army enters from the north edge."
)

SOURCE = (
    "Kepi's own scenario. Strengths: en.wikipedia Battle of Königgrätz (Prussians 220,984; "
    "184,000 Austrians and 22,000 Saxons; losses 9,172 and 31,000-43,000 with 1,501 Saxons) "
    "and its order of battle page (from the Prussian official history); nstarmagazine.com "
    "(Elbe Army 39,000, First Army 85,000, the Second Army's almost 100,000 arriving from "
    "about 2:30 p.m.); hours: Hozier, The Seven Weeks' War (the 1st Guard Division's advance "
    "guard out of Zizelowes at 11:15, 40 Austrian guns at Horenowes at 11:30), Wagner, The "
    "Campaign of Königgrätz (the Guards and VI Corps on the Trotina at 11, I Corps short of "
    "Gross-Burglitz, V Corps at Choteborek), Cassell's History of England (the Crown Prince's "
    "order of march: I Corps right, Guards centre, VI Corps left, V Corps in reserve). "
    "Checked in issue 43: Im Zeitalter Kaiser Wilhelms des Siegreichen (1914), p. 328 "
    "(Alvensleben's cavalry division with the Elbe Army at Nechanitz); Sybel, Die Begründung "
    "des Deutschen Reiches, vol. 5 (the 12th Division ahead of the 11th; the Austrian right "
    "broken soon after 3); Jäger's school history (Chlum towards 3 p.m.); the Kriegs-Chronik "
    "of 1885 (Grivicic's brigade overwhelmed at Rudersdorf on 28 June); the villages' "
    "coordinates from the German, English and Czech Wikipedia."
)


def main():
    write("maps/rk-koniggratz.json", map_doc())
    write("scenarios/rk-koniggratz.json", scenario_doc())


if __name__ == "__main__":
    main()
