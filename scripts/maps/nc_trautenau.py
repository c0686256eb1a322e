#!/usr/bin/env python3
"""Paints maps/nc-trautenau.json and writes scenarios/nc-trautenau.json: Trautenau, 27 June
1866, for the 19th Century rules at 6 inches a hex (12 by 10 hexes, a table of 6 by 5 feet).
North is up; the Aupa runs west to east between rows 2 and 3, Trautenau on its south bank,
the plateau of the Kapellenberg, Hohenbruck and the Rognitz villages rising south of it.
The history and the scaling are in docs/scenarios/nc-trautenau.md.

Run from the repository root:  python3 scripts/maps/nc_trautenau.py
`kepi validate scenarios/nc-trautenau.json` checks both files.
"""

from nc_common import (check_units, name, river_sides, road, unit, write_map, write_scenario,
                       zone)

ID = "nc-trautenau"
COLS, ROWS = 12, 10

# t: Trautenau (0403-0603, 0504), Parschnitz (1003), Hohenbruck (0507), Alt-Rognitz (0807),
# Neu-Rognitz (0509); w: the woods of the hills north of the Aupa and of the wooded ridge of
# Hohenbruck and Alt-Rognitz.
TERRAIN = [
    "ww..........",
    "............",
    "...ttt...t..",
    "....t.......",
    "............",
    "............",
    "..w.t.wt.w..",
    "...w..w..w..",
    "....t.......",
    "............",
]
# 0: the Aupa valley (rows 2-3, and east of column 9 down to row 6, where Parschnitz lies
# under the steep east edge of the plateau); 1: the heights north of the river and the
# plateau; 2: the Galgenberg (0305), the Kapellenberg (0605, 0705) and the ridge of Hohenbruck
# and Alt-Rognitz (row 7; Hohenbruck itself lies in a hollow).
ELEVATION = [
    "111111111111",
    "000000000000",
    "000000000000",
    "111101111000",
    "112112211000",
    "111111111000",
    "112212222100",
    "111111111100",
    "111111111110",
    "111111111111",
]

LIEBAU_ROAD = [(5, r) for r in range(1, 11)]
AUPA_ROAD = [(5, 3), (6, 3), (7, 3), (8, 3), (9, 3), (10, 3), (11, 3), (12, 3)]
ROGNITZ_ROAD = [(10, 3), (10, 4), (9, 5), (9, 6), (8, 6), (8, 7), (8, 8), (8, 9), (8, 10)]
TRAUTENAU, KAPELLENBERG, HOHENBRUCK, ALT_ROGNITZ = (5, 3), (6, 5), (5, 7), (8, 7)


def hexsides():
    return {p: ["river"] for p in river_sides({c: 2 for c in range(1, COLS + 1)}, COLS, ROWS)}


def build_map():
    routes = [
        {"kind": "road", "name": "Liebau-Trautenau-Prausnitz road",
         "hexes": road(LIEBAU_ROAD, COLS, ROWS)},
        {"kind": "road", "name": "Aupa valley road to Parschnitz",
         "hexes": road(AUPA_ROAD, COLS, ROWS)},
        {"kind": "road", "name": "Parschnitz-Alt-Rognitz road",
         "hexes": road(ROGNITZ_ROAD, COLS, ROWS)},
    ]
    return write_map(
        ID,
        "Trautenau, 27 June 1866 (19th Century, 6 inches a hex)",
        "The ground of Trautenau on a table of 6 by 5 feet, 12 by 10 hexes of 6 inches (about "
        "500 m a hex): the Aupa from west to east, crossed only where the Liebau road bridges it "
        "into Trautenau; the heights north of the river; the town on the south bank and "
        "Parschnitz down the valley to the east; south of the town the plateau with the "
        "Galgenberg and the Kapellenberg, the wooded ridge of Hohenbruck (in its hollow) and "
        "Alt-Rognitz, and Neu-Rognitz on the road south to Prausnitz; the steep east edge of the "
        "plateau above Parschnitz. Painted by scripts/maps/nc_trautenau.py; see "
        "docs/scenarios/nc-trautenau.md.",
        COLS,
        ROWS,
        TERRAIN,
        ELEVATION,
        hexsides(),
        routes,
    )


def prussian_zone(c, r):
    return r <= 3 or (c >= 10 and r <= 5) or (c, r) == (5, 4)


def austrian_zone(c, r):
    return (r >= 5 and c <= 9) or r >= 8


PRUSSIA = {
    "id": "prussia",
    "name": "Prussia",
    "color": "black",
    "objectives": [{"hex": name(TRAUTENAU), "points": 3}],
    "units": [
        # Grossmann's advance guard, resting in the town at 10 a.m.
        unit("p-1gren", "1st Grenadier Regiment (Crown Prince)", "infantry", (4, 3), "S"),
        unit("p-43", "43rd Infantry Regiment", "infantry", (6, 3), "S"),
        unit("p-jag", "1st Jäger Battalion", "skirmishers", (5, 4), "S"),
        unit("p-drag", "1st (Lithuanian) Dragoons", "cavalry", (5, 2), "S"),
        unit("p-art", "I Corps batteries north of the Aupa", "artillery", (4, 1), "S"),
        unit("p-bonin", "General von Bonin", "commander", (5, 2)),
        # Buddenbrock's column in the valley at Parschnitz.
        unit("p-44", "44th Infantry Regiment (Buddenbrock)", "infantry", (10, 3), "WSW"),
        unit("p-45", "45th Infantry Regiment (Buddenbrock)", "infantry", (11, 4), "WSW"),
    ],
}

AUSTRIA = {
    "id": "austria",
    "name": "Austria",
    "color": "white",
    "objectives": [
        {"hex": name(KAPELLENBERG), "points": 3},
        {"hex": name(HOHENBRUCK), "points": 1},
        {"hex": name(ALT_ROGNITZ), "points": 1},
    ],
    "units": [
        # Mondel's brigade on the heights since 7.45 a.m.
        unit("a-m1", "Mondel's brigade (the Kapellenberg)", "infantry", KAPELLENBERG, "N",
             "battle"),
        unit("a-m2", "Mondel's brigade (the Galgenberg)", "infantry", (3, 5), "N", "battle"),
        unit("a-mfj", "Mondel's Feldjäger", "skirmishers", (5, 5), "N", "battle"),
        unit("a-drag", "Windischgrätz Dragoons (Dragoon Regiment No. 14)", "cavalry", (4, 6),
             "N"),
        # The three brigades marching up from Prausnitz.
        unit("a-g1", "Grivicic's brigade (first line)", "infantry", (9, 9), "N"),
        unit("a-g2", "Grivicic's brigade (second line)", "infantry", (10, 9), "N"),
        unit("a-w1", "Wimpffen's brigade (first line)", "infantry", (2, 9), "N"),
        unit("a-w2", "Wimpffen's brigade (second line)", "infantry", (3, 10), "N"),
        unit("a-k1", "Knebel's brigade (first line)", "infantry", (5, 10), "N"),
        unit("a-k2", "Knebel's brigade (second line)", "infantry", (6, 10), "N"),
        unit("a-art1", "X Corps reserve artillery", "artillery", (4, 9), "N"),
        unit("a-art2", "X Corps reserve artillery (second line)", "artillery", (7, 9), "N"),
        unit("a-gablenz", "Field Marshal Lieutenant von Gablenz", "commander", (5, 10)),
    ],
}

HISTORY = (
    "**27 June 1866.** The Crown Prince's Second Army crossed the Giant Mountains into Bohemia "
    "by three passes. On its right, Bonin's I Corps, about 15,000 men engaged, came down from "
    "Liebau to Trautenau on the Aupa, its advance guard held up on bad roads while its left "
    "column waited two hours at Parschnitz. Gablenz's Austrian X Corps, about 25,000 men in four "
    "brigades, was marching north from Prausnitz to stop it: Windischgrätz's dragoons were "
    "already in the town, and Colonel Mondel's brigade was on the heights south of it, the "
    "Kapellenberg and the Galgenberg, by 7.45 a.m. The Prussian advance guard entered the town "
    "about 10 and was met by Austrian Jäger; it stormed the Kapellenberg after several "
    "attempts while Buddenbrock's regiments (the 44th and 45th) climbed the steep east edge of "
    "the plateau from the Aupa valley, and Mondel fell back fighting to Hohenbruck and "
    "Alt-Rognitz, then to Neu-Rognitz. In the afternoon the rest of X Corps came up with its "
    "reserve artillery: Grivicic's brigade, on the field about 2.30, took Alt-Rognitz on the "
    "Prussian left, Wimpffen's attacked by Hohenbruck between 3.30 and 4 p.m., and in the "
    "evening Knebel's retook the Kapellenberg, "
    "held by the 43rd, and the town. Bonin drew his corps back over the mountains. The "
    "Prussians lost 1,338 killed and wounded, the Austrians 4,787 killed, wounded and taken "
    "(373 of them prisoners): the only Austrian victory of the war, bought at more than three "
    "times the loss, against the needle gun."
)

READING = (
    "Scale: about 15,000 Prussians against about 25,000 Austrians give seven Prussian units "
    "against twelve Austrian, three to five. The Prussians are the advance guard's regiments "
    "in the town (the 1st Grenadiers, the 43rd, the 1st Jäger), the Lithuanian Dragoons, the "
    "corps batteries and Buddenbrock's two regiments at Parschnitz; the Austrians are Mondel's "
    "brigade (two units and its Feldjäger) with Windischgrätz's dragoons on the heights, and "
    "Grivicic's, Wimpffen's and Knebel's brigades, two units each, with the corps' reserve "
    "artillery as two units. The 19th Century rules have no reinforcements: the three "
    "brigades that came up in the afternoon set up at the table's southern edge, the last to "
    "arrive the farthest off. The rules have no morale: the losses (1,338 against 4,787) are "
    "not built in but come from the Austrians' attacks in the open. Victory is the rules' own "
    "(docs/rules/nineteenth-century.md, \"Victory\"): Prussia holds Trautenau (0503, 3 "
    "points), Austria the Kapellenberg (0605, 3), Hohenbruck (0507, 1) and Alt-Rognitz "
    "(0807, 1); each enemy unit eliminated is worth 1; after the tenth game-turn the side "
    "with more points wins."
)

SOURCES = (
    "de.zxc.wiki, \"Schlacht bei Trautenau\" (about 15,000 against 25,000 in four brigades, "
    "losses 1,338 and 4,787, Windischgrätz's Dragoon Regiment No. 14); historyofwar.org, "
    "\"Battle of Trautenau, 27 June 1866\" (Bonin's two columns, the halt at Parschnitz, the "
    "town on the south bank of the Aupa); wfgamers.org.uk, \"The Battle of Trautenau, 27th June "
    "1866\" (the Prussian regiments and their arrivals); wikimili.com's copy of the English "
    "Wikipedia article (Mondel on the heights at 7.45, the advance guard in the town at 10); "
    "Heinrich von Sybel, Die Begründung des Deutschen Reiches, vol. 5 "
    "(staatsbibliothek.ewigerbund.org, pp. 134-135: the Kapellenberg stormed, Buddenbrock's "
    "climb with the 44th and 45th, Gablenz on the field at 11, Mondel's three positions); "
    "de.metapedia.org (the 43rd on the Kapellenberg); Mittheilungen des k.k. Kriegs-Archivs "
    "1885, Kriegs-Chronik, p. 151 (library.hungaricana.hu: Mondel on the Galgen- and "
    "Hopfenberg at 8, the Prussian advance guard's attack at 10, Grivicic on the field about "
    "2.30 and Wimpffen an hour later); Im Zeitalter Kaiser Wilhelms des Siegreichen (1914, "
    "visuallibrary.net, p. 296: the Prussian 2nd Brigade, the reserve, sent over the Aupa in "
    "the afternoon; the batteries north of the town out of range); figuren.miniatures.de "
    "after Meyers (the Austrian losses: 4,414 killed and wounded and 373 prisoners)."
)


def build_scenario(m):
    zones = [zone(prussian_zone, COLS, ROWS), zone(austrian_zone, COLS, ROWS)]
    assert not set(zones[0]) & set(zones[1])
    check_units(m, [PRUSSIA, AUSTRIA], zones)
    doc = {
        "format": "kepi-scenario",
        "version": 1,
        "id": ID,
        "ruleset": "nineteenth-century",
        "title": "Trautenau",
        "date": "27 June 1866",
        "portion": "Bonin's I Corps in Trautenau and the Aupa valley against Gablenz's X Corps "
                   "on the heights and coming up from Prausnitz, from 10 a.m. to the evening.",
        "map": ID,
        "sides": [PRUSSIA, AUSTRIA],
        "deploys_first": "austria",
        "moves_first": "prussia",
        "deployment": [
            {"side": "prussia", "zone": {
                "text": "Prussia sets up north of the Aupa, in the valley (row 3), in the town's "
                        "southern hex (0504) and in the valley east of the plateau (columns 10 "
                        "to 12, rows 4 and 5).",
                "hexes": zones[0]}},
            {"side": "austria", "zone": {
                "text": "Austria sets up on the plateau from row 5 west of column 10, and "
                        "anywhere in rows 8 to 10.",
                "hexes": zones[1]}},
        ],
        "game_length": 10,
        "special_rules": [{
            "text": "Game-turn 1 is 10 a.m., when the Prussian advance guard entered the town; "
                    "each game-turn is about an hour, the tenth the evening, when Knebel's "
                    "brigade retook the Kapellenberg. The Austrian brigades that came up in the "
                    "afternoon start at the southern edge.",
            "rule": {"kind": "note"},
        }],
        "notes": {"history": HISTORY, "reading": READING, "source": SOURCES},
    }
    write_scenario(doc)


if __name__ == "__main__":
    build_scenario(build_map())
