#!/usr/bin/env python3
"""Paints maps/nc-wissembourg.json and writes scenarios/nc-wissembourg.json: Wissembourg,
4 August 1870, for the 19th Century rules at 6 inches a hex (12 by 10 hexes, a table of 6 by
5 feet). North is up; the Lauter runs west to east between rows 3 and 4, the town astride it.
The history and the scaling are in docs/scenarios/nc-wissembourg.md.

Run from the repository root:  python3 scripts/maps/nc_wissembourg.py
`kepi validate scenarios/nc-wissembourg.json` checks both files.
"""

from nc_common import (check_units, name, river_sides, road, unit, write_map, write_scenario,
                       zone)

ID = "nc-wissembourg"
COLS, ROWS = 12, 10

# Row 1 is the north edge. t: the town, the station, Altenstadt, the Geisberg chateau and the
# Schafbusch farm; m: the wet meadows of the Lauter; w: the Bienwald's western edge.
TERRAIN = [
    "..........ww",
    "...........w",
    "..tt.......w",
    "..tt.mm.t..w",
    "....t.......",
    "............",
    "............",
    "............",
    ".....t......",
    "....t.......",
]
# 1 and 2: the Schweigen heights north of the town, the Vogelsberg (west) and the Geisberg
# (east) south of it. The Geisberg's summit (2: 0508, 0608, 0509, 0609, the three poplars) is 2 km
# south of the station; the chateau (0609) stands on its eastern edge, the Schafbusch farm
# (0510) behind it on the Haguenau road. Placed from the coordinates of the Château du
# Geisberg (49°00'50"N 7°57'14"E), the station (49°01'54"N 7°57'00"E) and Altenstadt
# (49°01'47"N 7°58'02"E), French Wikipedia: the chateau lies 2.0 km south and 0.3 km east of
# the station, 1.8 km south and 1.0 km west of Altenstadt (issue 43; before, it stood at
# 0808, 1 km too far east and too near the river).
ELEVATION = [
    "111111100000",
    "111111100000",
    "000000000000",
    "000000000000",
    "000000000000",
    "111000000000",
    "121111000000",
    "111122100000",
    "000122100000",
    "000111000000",
]

LANDAU_ROAD = [(6, 1), (5, 2), (5, 3), (4, 3), (4, 4), (5, 5)]
HAGUENAU_ROAD = [(5, 5), (5, 6), (5, 7), (5, 8), (5, 9), (5, 10)]
BITCHE_ROAD = [(4, 4), (3, 4), (2, 4), (1, 4)]
ALTENSTADT_ROAD = [(4, 3), (5, 3), (6, 3), (7, 3), (8, 3), (9, 4), (10, 4), (11, 5), (12, 5)]
FORDS = [((2, 3), (2, 4)), ((8, 3), (8, 4)), ((10, 3), (10, 4)), ((11, 3), (11, 4))]
CHATEAU = (6, 9)


def hexsides():
    sides = {}
    for pair in river_sides({c: 3 for c in range(1, COLS + 1)}, COLS, ROWS):
        sides[pair] = ["river"]
    for a, b in FORDS:
        pair = tuple(sorted([a, b]))
        assert pair in sides, f"ford {name(a)}-{name(b)} is not on the river"
        sides[pair] = ["river", "ford"]
    from nc_common import neighbours

    for n in neighbours(CHATEAU, COLS, ROWS):
        sides[tuple(sorted([CHATEAU, n]))] = ["wall"]
    return sides


def build_map():
    routes = [
        {"kind": "road", "name": "Landau road", "hexes": road(LANDAU_ROAD, COLS, ROWS)},
        {"kind": "road", "name": "Haguenau road", "hexes": road(HAGUENAU_ROAD, COLS, ROWS)},
        {"kind": "road", "name": "Bitche road", "hexes": road(BITCHE_ROAD, COLS, ROWS)},
        {"kind": "road", "name": "Altenstadt road", "hexes": road(ALTENSTADT_ROAD, COLS, ROWS)},
    ]
    return write_map(
        ID,
        "Wissembourg, 4 August 1870 (19th Century, 6 inches a hex)",
        "The ground of the first battle of 1870 on a table of 6 by 5 feet, 12 by 10 hexes of 6 "
        "inches (about 400 m a hex): the Lauter from west to east, crossed by the roads in the "
        "walled town and at Altenstadt and fordable in four places, its wet meadows east of the "
        "town; the Schweigen heights north of the river (the Bavarian side of the border); the "
        "railway station south of the town; the Vogelsberg and the Geisberg south of it, the "
        "walled Geisberg chateau on the eastern edge of the Geisberg's summit, 2 km south of the "
        "station, and the Schafbusch farm behind it on the Haguenau road; the "
        "edge of the Bienwald in the north-east; the Landau, Haguenau, Bitche and Altenstadt "
        "roads. Painted by scripts/maps/nc_wissembourg.py; see docs/scenarios/nc-wissembourg.md.",
        COLS,
        ROWS,
        TERRAIN,
        ELEVATION,
        hexsides(),
        routes,
    )


def german_zone(c, r):
    return r <= 2 or (c >= 8 and r == 3) or c >= 11


def french_zone(c, r):
    return c <= 10 and (r >= 4 or (c, r) in ((3, 3), (4, 3)))


FRANCE = {
    "id": "france",
    "name": "France",
    "color": "blue",
    "objectives": [
        {"hex": "0404", "points": 2},
        {"hex": "0505", "points": 1},
        {"hex": name(CHATEAU), "points": 3},
    ],
    "units": [
        unit("f-74", "74e de Ligne (in the town)", "infantry", (4, 3), "N", "battle"),
        unit("f-tir", "1er Tirailleurs algériens (the station)", "infantry", (5, 5), "N", "battle"),
        unit("f-turcos", "Turcos in skirmish order", "skirmishers", (7, 5), "ENE", "battle"),
        unit("f-50", "50e de Ligne (the Geisberg chateau)", "infantry", CHATEAU, "N", "battle"),
        unit("f-art", "Douay's batteries (4-pounders and mitrailleuses)", "artillery", (6, 8),
             "N", "battle"),
        unit("f-cav", "3e Hussards and 11e Chasseurs à cheval", "cavalry", (5, 9), "N"),
        unit("f-douay", "General Abel Douay", "commander", CHATEAU),
    ],
}

GERMANY = {
    "id": "germany",
    "name": "Third Army",
    "color": "black",
    "units": [
        # Bothmer's 4th Bavarian Division, from the north over the Schweigen heights.
        unit("b-5", "Bavarian 5th Infantry Regiment", "infantry", (4, 2), "S"),
        unit("b-left", "Bothmer's Bavarian infantry (left)", "infantry", (2, 2), "S"),
        unit("b-right", "Bothmer's Bavarian infantry (right)", "infantry", (6, 2), "S"),
        unit("b-jag", "Bavarian Jäger", "skirmishers", (3, 2), "S"),
        unit("b-art", "Bavarian batteries on the Schweigen heights", "artillery", (5, 1), "S"),
        unit("b-bothmer", "Lieutenant-General von Bothmer", "commander", (4, 2)),
        # Kirchbach's Prussian V Corps, from the north-east by Altenstadt.
        unit("p-kg", "King's Grenadiers (Grenadier Regiment No. 7)", "infantry", (9, 3), "S"),
        unit("p-v2", "V Corps infantry (9th Division)", "infantry", (10, 3), "S"),
        unit("p-v3", "V Corps infantry (second line)", "infantry", (8, 2), "S"),
        unit("p-vjag", "V Corps Jäger", "skirmishers", (11, 2), "S"),
        unit("p-vart1", "V Corps batteries", "artillery", (9, 1), "S"),
        unit("p-vart2", "V Corps batteries (second line)", "artillery", (10, 1), "S"),
        unit("p-kirchbach", "Lieutenant-General von Kirchbach", "commander", (9, 3)),
        # Bose's Prussian XI Corps, from the east out of the Bienwald.
        unit("x-1", "XI Corps advance guard", "infantry", (11, 6), "WSW"),
        unit("x-2", "XI Corps infantry (main body)", "infantry", (11, 8), "WSW"),
        unit("x-art", "XI Corps batteries", "artillery", (12, 7), "WSW"),
        unit("x-cav", "XI Corps hussars", "cavalry", (12, 9), "WSW"),
        unit("x-bose", "Lieutenant-General von Bose", "commander", (11, 6)),
    ],
}

HISTORY = (
    "**4 August 1870.** The first battle of the Franco-Prussian War. General Abel Douay's 2nd "
    "Division of MacMahon's I Corps, about 8,000 men with 18 guns (the accounts give 6,500 to "
    "8,600; eight battalions of the 50e and 74e de Ligne and the 1er Tirailleurs algériens, two "
    "cavalry regiments, three batteries of which one of mitrailleuses), had reoccupied "
    "Wissembourg on the Lauter, the frontier with the Bavarian Palatinate, and camped on the "
    "Geisberg heights south of the town, not expecting an attack. On the morning of the 4th "
    "the Crown Prince's Third Army came over the border without warning: about 8.30 the "
    "Bavarian guns on the Schweigen heights opened on the town, and Bothmer's Bavarian division "
    "came against it from the north, Kirchbach's V Corps over the Lauter at Altenstadt and the "
    "fords, Bose's XI Corps from the east out of the Bienwald. The Bavarians were held at the "
    "town walls. Douay ordered the retreat about 10 and was killed about 10.30, beside his "
    "mitrailleuse battery at the three poplars on the Geisberg, when a limber blew up. The "
    "Prussians took the station and, about 1 p.m., the town; the King's Grenadiers stormed the "
    "Geisberg and its walled chateau, whose garrison held out until guns were brought up "
    "against it and surrendered about 2 p.m. General Pellé drew the remains of the division "
    "off to the south-west. The French lost about 2,300 men (some 700 of them taken prisoner; "
    "an 1889 account gives 1,200 and 500), the Germans 1,551 (91 officers and 1,460 men)."
)

READING = (
    "Scale: about 8,000 French against the some 25,000 Germans who came into action give six "
    "French units against fifteen German, one to two and a half. The French units are the "
    "division's regiments (the 74e in the town, the tirailleurs at the station and in skirmish "
    "order, the 50e in the chateau), its three batteries as one artillery unit and its cavalry "
    "as one; the Germans' three corps give five, six and four units, their far stronger "
    "artillery four units. The Germans came up piecemeal through the day: the 19th Century "
    "rules have no reinforcements, so each corps sets up at the table's edge it came from, "
    "farther from the French positions the later it arrived. Victory is the 19th Century "
    "rules' own (docs/rules/nineteenth-century.md, \"Victory\"): France holds the town "
    "(0404, 2 points), the station (0505, 1) and the Geisberg chateau (0609, 3); each enemy "
    "unit eliminated is worth 1; after the tenth game-turn the side with more points wins."
)

SOURCES = (
    "wikisum.wiki, \"Battle of Wissembourg (1870)\" (the dispositions, the Bavarian guns at "
    "8.30, Douay's death); the French Wikipedia's \"Bataille de Wissembourg (1870)\" (8,000 "
    "against 60,000 in the Third Army, losses 2,300 and 1,551); wikimili.com's copy of the "
    "English Wikipedia article (25,000 Germans engaged with 144 guns, 700 French prisoners); "
    "memorial41.fr, \"4 août 1870 - les turkos à Wissembourg\" (the division's eight "
    "battalions, 5,408 officers and men, seven and a half squadrons and three batteries, 18 "
    "guns); Lt-Col. Rousset's Histoire générale de la guerre franco-allemande (1900) as quoted "
    "by aufildesmotsetdelhistoire.unblog.fr (the ground: the town's walls and gates, the "
    "Vogelsberg and Geisberg, the chateau's walls, the Schafbusch farm, the Lauter fordable in "
    "many places and bridged at Altenstadt); weaponsandwarfare.com, \"The Battle of "
    "Wissembourg, 4 August 1870\" (MacMahon's spread divisions); Moltke, La Guerre de 1870 "
    "(fr.wikisource, p. 24: the retreat ordered at 10, the chateau's surrender, German losses "
    "91 officers and 1,460 men); Armagnac, Quinze jours de campagne (1889, fr.wikisource, p. "
    "39: Douay killed at 10.30, the town's surrender at 1, the chateau's about 2); Im "
    "Zeitalter Kaiser Wilhelms des Siegreichen (1914, visuallibrary.net, p. 397: one battalion "
    "in the town, the turcos and a battery at the station, Douay killed by the mitrailleuse "
    "battery at the three poplars); deutsche-kriegsgeschichte.de, \"Die Schlacht von "
    "Weißenburg\" (the corps' roads: the Bavarians on the town, V Corps on Altenstadt, XI "
    "Corps through the Bienwald)."
)


def build_scenario(m):
    zones = [zone(french_zone, COLS, ROWS), zone(german_zone, COLS, ROWS)]
    assert not set(zones[0]) & set(zones[1])
    check_units(m, [FRANCE, GERMANY], zones)
    doc = {
        "format": "kepi-scenario",
        "version": 1,
        "id": ID,
        "ruleset": "nineteenth-century",
        "title": "Wissembourg",
        "date": "4 August 1870",
        "portion": "Douay's division in the town and on the Geisberg against the leading "
                   "corps of the Third Army, from 8.30 a.m. to the storming of the chateau.",
        "map": ID,
        "sides": [FRANCE, GERMANY],
        "deploys_first": "france",
        "moves_first": "germany",
        "deployment": [
            {"side": "france", "zone": {
                "text": "France sets up south of the Lauter west of column 11, and in the "
                        "town's two hexes north of it (0303, 0403).",
                "hexes": zones[0]}},
            {"side": "germany", "zone": {
                "text": "The Third Army sets up on the Schweigen heights (rows 1 and 2), north "
                        "of the Lauter east of column 7, and in the two eastern columns.",
                "hexes": zones[1]}},
        ],
        "game_length": 10,
        "special_rules": [{
            "text": "Game-turn 1 is about 8.30 a.m., when the Bavarian guns on the Schweigen "
                    "heights opened fire; ten game-turns take the battle to about 2 p.m., when "
                    "the chateau's garrison surrendered. The German corps that came up later "
                    "start farther off.",
            "rule": {"kind": "note"},
        }],
        "notes": {"history": HISTORY, "reading": READING, "source": SOURCES},
    }
    write_scenario(doc)


if __name__ == "__main__":
    build_scenario(build_map())
