#!/usr/bin/env python3
"""Writes scenarios/aor-gettysburg-first-day.json, the Age of Rifles scenario of the first day
at Gettysburg (1 July 1863), from the orders of battle below, on the map that
scripts/maps/gettysburg.py paints (run that first).

Strengths come from the historical numbers by one rule, so that anyone can check them:
- infantry and cavalry: one strength point for each 500 officers and men present (Busey and
  Martin's engaged strengths), rounded to the nearest whole point, at least 1;
- artillery: one strength point for each 6 guns, rounded, at least 1;
- every unit of 2 or more points is backprinted (two steps, AoR 6.1) with half its strength,
  rounded down, on the back;
- a formation (a division) is demoralized when half its strength, rounded up, has been
  eliminated (AoR 14.1); an army when 40 % of all its strength has (AoR 13).

Run from the repository root:  python3 scripts/maps/gettysburg_scenario.py
"""

import json
import math
import os

ID = "aor-gettysburg-first-day"
MAP = "aor-gettysburg"
MEN_PER_POINT = 500
GUNS_PER_POINT = 6
MOVEMENT = {"infantry": 4, "cavalry": 6, "foot_artillery": 3, "horse_artillery": 5}

# Leaders: id, name, role, rating, movement, group (OC/WC only), arrives (OC/WC only).
# Ratings are the scenario's own (AoR 2.1: "given in scenario notes"); see the notes.
UNION_LEADERS = [
    ("reynolds", "Reynolds", "overall", 4, 8, "i-1", None),
    ("doubleday", "Doubleday", "wing", 2, 8, "i-3", None),
    ("howard", "Howard", "wing", 2, 8, "xi-3", None),
    ("slocum", "Slocum", "wing", 1, 8, "xii-1", None),
    ("sickles", "Sickles", "wing", 2, 8, "iii-1", None),
    ("buford", "Buford", "formation", 4, 10, None, None),
    ("wadsworth", "Wadsworth", "formation", 3, 8, None, None),
    ("robinson", "Robinson", "formation", 3, 8, None, None),
    ("rowley", "Rowley", "formation", 1, 8, None, None),
    ("barlow", "Barlow", "formation", 3, 8, None, None),
    ("schurz", "Schurz", "formation", 2, 8, None, None),
    ("steinwehr", "von Steinwehr", "formation", 2, 8, None, None),
    ("williams", "Williams", "formation", 3, 8, None, None),
    ("geary", "Geary", "formation", 3, 8, None, None),
    ("birney", "Birney", "formation", 3, 8, None, None),
]
CONFEDERATE_LEADERS = [
    ("lee", "Lee", "overall", 4, 8, "div-pender", 7),
    ("hill", "A. P. Hill", "wing", 2, 8, "div-pender", None),
    ("ewell", "Ewell", "wing", 2, 8, "div-rodes", None),
    ("heth", "Heth", "formation", 2, 8, None, None),
    ("pender", "Pender", "formation", 3, 8, None, None),
    ("anderson", "Anderson", "formation", 2, 8, None, None),
    ("rodes", "Rodes", "formation", 3, 8, None, None),
    ("early", "Early", "formation", 4, 8, None, None),
    ("johnson", "Johnson", "formation", 3, 8, None, None),
]

# Formations: id, name, leader, commander (None: the Overall Commander), order, march_to
# (a feature code of the map or a hex), attack_after_march, then its units:
# (id, name, kind, men or guns, morale or None).
UNION = [
    ("cav-1", "1st Cavalry Division", "buford", None, "defend", None, False, [
        ("gamble", "Gamble's brigade", "cavalry", 1600, None),
        ("devin", "Devin's brigade", "cavalry", 1108, None),
        ("calef", "Calef's battery (A, 2nd US)", "horse_artillery", 6, None),
    ]),
    ("i-1", "I Corps, 1st Division", "wadsworth", None, "march", "R7", True, [
        # Without the 7th Indiana (434), on duty in the rear at Emmitsburg (Cutler's report, OR
        # 27/1 p. 281): it reached Culp's Hill only in the evening.
        ("cutler", "Cutler's brigade", "infantry", 2017 - 434, None),
        ("meredith", "Meredith's Iron Brigade", "infantry", 1885, 5),
        ("hall", "Hall's 2nd Maine battery", "foot_artillery", 6, None),
    ]),
    ("i-2", "I Corps, 2nd Division", "robinson", "doubleday", "march", "S10", False, [
        ("paul", "Paul's brigade", "infantry", 1537, None),
        ("baxter", "Baxter's brigade", "infantry", 1452, None),
    ]),
    ("i-3", "I Corps, 3rd Division", "rowley", "doubleday", "march", "W12", False, [
        ("biddle", "Biddle's brigade", "infantry", 1361, None),
        ("stone", "Stone's Bucktail brigade", "infantry", 1317, None),
        ("wainwright", "I Corps artillery (Wainwright)", "foot_artillery", 22, None),
    ]),
    ("xi-1", "XI Corps, 1st Division", "barlow", "howard", "march", "K6", False, [
        ("von-gilsa", "von Gilsa's brigade", "infantry", 1136, 3),
        ("ames", "Ames's brigade", "infantry", 1337, None),
        ("wilkeson", "Wilkeson's battery (G, 4th US)", "foot_artillery", 6, None),
    ]),
    ("xi-3", "XI Corps, 3rd Division", "schurz", "howard", "march", "A16", False, [
        ("von-amsberg", "von Amsberg's brigade", "infantry", 1683, None),
        ("krzyzanowski", "Krzyzanowski's brigade", "infantry", 1420, None),
        ("dilger", "Dilger's and Wheeler's batteries", "foot_artillery", 10, None),
    ]),
    ("xi-2", "XI Corps, 2nd Division", "steinwehr", "howard", "march", "H2", False, [
        ("coster", "Coster's brigade", "infantry", 1217, None),
        ("o-smith", "Orland Smith's brigade", "infantry", 1639, None),
        ("wiedrich", "Wiedrich's and Heckman's batteries", "foot_artillery", 10, None),
    ]),
    ("xii-1", "XII Corps, 1st Division", "williams", "slocum", "march", "H5", False, [
        ("mcdougall", "McDougall's brigade", "infantry", 1835, None),
        ("ruger", "Ruger's brigade", "infantry", 1598, None),
    ]),
    ("xii-2", "XII Corps, 2nd Division", "geary", "slocum", "march", "R15", False, [
        ("candy", "Candy's brigade", "infantry", 1798, None),
        ("kane", "Kane's brigade", "infantry", 700, None),
        ("greene", "Greene's brigade", "infantry", 1424, None),
    ]),
    ("iii-1", "III Corps, 1st Division", "birney", "sickles", "march", "R15", False, [
        ("graham", "Graham's brigade", "infantry", 1516, None),
        ("ward", "Ward's brigade", "infantry", 2188, None),
    ]),
]
CONFEDERATE = [
    ("div-heth", "Heth's Division", "heth", "hill", "attack", None, False, [
        ("archer", "Archer's brigade", "infantry", 1197, None),
        # Without the 11th Mississippi (592), left to guard the division's wagon train (Davis's
        # report, Southern Historical Society Papers vol. 8 p. 320; OR 27/2, report no. 553).
        ("davis", "Davis's brigade", "infantry", 2305 - 592, None),
        ("pettigrew", "Pettigrew's brigade", "infantry", 2584, None),
        ("brockenbrough", "Brockenbrough's brigade", "infantry", 971, None),
        # Hill's corps reserve, which marched and fought with Heth; the division's own, Garnett's,
        # was held in reserve (Walker's report, OR 27/2 p. 610).
        ("pegram", "Pegram's battalion (Hill's reserve, with Heth)", "foot_artillery", 20, None),
    ]),
    ("div-pender", "Pender's Division", "pender", "hill", "march", "R8", False, [
        ("perrin", "Perrin's brigade", "infantry", 1882, None),
        ("lane", "Lane's brigade", "infantry", 1734, None),
        ("thomas", "Thomas's brigade", "infantry", 1326, None),
        ("scales", "Scales's brigade", "infantry", 1405, None),
        # Hill's corps reserve, with Pender; the division's own, Poague's, was held in reserve.
        ("mcintosh", "McIntosh's battalion (Hill's reserve, with Pender)", "foot_artillery", 16,
         None),
    ]),
    ("div-rodes", "Rodes's Division", "rodes", "ewell", "march", "H4", True, [
        ("daniel", "Daniel's brigade", "infantry", 2052, None),
        ("iverson", "Iverson's brigade", "infantry", 1384, None),
        ("doles", "Doles's brigade", "infantry", 1323, None),
        ("ramseur", "Ramseur's brigade", "infantry", 1027, None),
        ("oneal", "O'Neal's brigade", "infantry", 1688, None),
        ("carter", "Carter's battalion", "foot_artillery", 16, None),
    ]),
    ("div-early", "Early's Division", "early", "ewell", "march", "K6", True, [
        ("hays", "Hays's Louisiana brigade", "infantry", 1295, None),
        ("avery", "Avery's (Hoke's) brigade", "infantry", 1244, None),
        ("w-smith", "William Smith's brigade", "infantry", 806, None),
        ("gordon", "Gordon's brigade", "infantry", 1813, None),
        ("h-jones", "Jones's battalion", "foot_artillery", 16, None),
    ]),
    ("div-anderson", "Anderson's Division", "anderson", "hill", "reserve", None, False, [
        ("wilcox", "Wilcox's brigade", "infantry", 1721, None),
        ("mahone", "Mahone's brigade", "infantry", 1538, None),
        ("wright", "Wright's brigade", "infantry", 1413, None),
        ("perry", "Perry's brigade (Lang)", "infantry", 742, None),
        ("posey", "Posey's brigade", "infantry", 1322, None),
        ("sumter", "Lane's Sumter battalion", "foot_artillery", 17, None),
    ]),
    ("div-johnson", "Johnson's Division", "johnson", "ewell", "march", "T1", False, [
        ("steuart", "Steuart's brigade", "infantry", 2121, None),
        ("stonewall", "The Stonewall Brigade (Walker)", "infantry", 1323, None),
        ("nicholls", "Nicholls's brigade (Williams)", "infantry", 1104, None),
        ("jm-jones", "J. M. Jones's brigade", "infantry", 1453, None),
        ("latimer", "Latimer's battalion", "foot_artillery", 16, None),
    ]),
]

# Reinforcements: side, group, game-turn (1 is 8 a.m.), entry (a route's end on the edge).
REINFORCEMENTS = [
    ("confederates", "div-pender", 2, "Chambersburg Pike",
     "Pender's Division follows Heth down the Chambersburg Pike at 9 a.m."),
    # At 9 a.m., not 10 (issue 43): by the march rates a division entering here reaches
    # McPherson's Ridge in the game-turn after its entry, and Cutler was in line there by
    # 10:15-10:30 (his report, OR 27/1 p. 281, leaves the road "within about 2 miles of the
    # town", about where the road enters the map).
    ("union", "i-1", 2, "Emmitsburg Road",
     "Wadsworth's division, Reynolds at its head, comes up the Emmitsburg Road at 9 a.m."),
    ("union", "i-2", 4, "Emmitsburg Road",
     "Robinson's division comes up the Emmitsburg Road at 11 a.m."),
    ("union", "i-3", 4, "Emmitsburg Road",
     "Doubleday with Rowley's division and the corps artillery, on the Emmitsburg Road at "
     "11 a.m."),
    ("confederates", "div-rodes", 5, "Middletown Road",
     "Rodes's Division comes down the Middletown Road to Oak Hill at noon."),
    ("union", "xi-3", 5, "Taneytown Road",
     "Schurz's division under Schimmelfennig, up the Taneytown Road at noon."),
    ("union", "xi-1", 5, "Emmitsburg Road",
     "Barlow's division, following the I Corps up the Emmitsburg Road at noon."),
    ("confederates", "div-early", 7, "Harrisburg Road",
     "Early's Division comes down the Harrisburg Road at 2 p.m."),
    ("union", "xi-2", 7, "Taneytown Road",
     "von Steinwehr's division, up the Taneytown Road at 2 p.m."),
    ("union", "xii-1", 10, "Baltimore Pike",
     "Slocum with Williams's division of the XII Corps, up the Baltimore Pike at 5 p.m."),
    ("union", "xii-2", 10, "Baltimore Pike",
     "Geary's division of the XII Corps, up the Baltimore Pike at 5 p.m."),
    ("confederates", "div-anderson", 10, "Chambersburg Pike",
     "Anderson's Division comes down the Chambersburg Pike at 5 p.m."),
    ("union", "iii-1", 11, "Emmitsburg Road",
     "Sickles with Birney's division of the III Corps, up the Emmitsburg Road at 6 p.m."),
    ("confederates", "div-johnson", 12, "Chambersburg Pike",
     "Johnson's Division, behind the Second Corps' trains, on the Chambersburg Pike at 7 p.m."),
]

GAME_LENGTH = 12


def points(n, per):
    return max(1, math.floor(n / per + 0.5))


def side(sid, name, color, leaders, formations, supply, hexes_of):
    units, forms, total = [], [], 0
    for fid, fname, leader, commander, order, march_to, attack_after, members in formations:
        fstrength = 0
        for uid, uname, kind, count, morale in members:
            per = GUNS_PER_POINT if kind.endswith("artillery") else MEN_PER_POINT
            s = points(count, per)
            u = {"id": uid, "name": uname, "formation": fid, "kind": kind, "strength": s}
            if s >= 2:
                u["reduced_strength"] = s // 2
            if morale is not None:
                u["morale"] = morale
            u["movement"] = MOVEMENT[kind]
            units.append(u)
            fstrength += s
        total += fstrength
        f = {"id": fid, "name": fname, "leader": leader}
        if commander:
            f["commander"] = commander
        f["order"] = order
        if march_to:
            f["march_to"] = hexes_of(march_to)[0]
        if attack_after:
            f["attack_after_march"] = True
        f["demoralization"] = math.ceil(fstrength / 2)
        forms.append(f)
    ls = []
    for lid, lname, role, rating, mp, group, arrives in leaders:
        entry = {"id": lid, "name": lname, "role": role, "rating": rating, "movement": mp}
        if group:
            entry["group"] = group
        if arrives:
            entry["arrives"] = arrives
        ls.append(entry)
    return {
        "id": sid, "name": name, "color": color,
        "army_demoralization": math.floor(total * 0.4 + 0.5),
        "leaders": ls, "formations": forms, "units": units, "supply": supply,
    }


# Scripted events (issue 43, item 1): who commanded the Union on the field, hour by hour.
# Game-turn 3 is the 10 a.m. turn, 4 the 11 a.m., 9 the 4 p.m. The sources are in
# docs/scenarios/aor-gettysburg-first-day.md.
HANCOCK_RATING = 4
SCHIMMELFENNIG_RATING = 2


def events(hexes_of):
    cemetery_hill = hexes_of("H2")[0]

    def ev(turn, at, text, **does):
        return {"turn": turn, "at": at, "text": text, "does": does}

    return [
        ev(3, "end", "Reynolds is killed at the edge of Herbst Woods (about 10:15-10:45 a.m.).",
           kind="leader_leaves", side="union", leader="reynolds"),
        ev(3, "end", "Doubleday, the I Corps' senior division commander, takes the whole corps, "
                     "Wadsworth's division with it.",
           kind="formation_commander", side="union", formation="i-1", commander="doubleday"),
        # Before Schurz rides ahead: a new leader comes where the man he replaces is, and
        # Schimmelfennig comes with the division at noon.
        ev(4, "start", "Schimmelfennig leads Schurz's division up the road.",
           kind="leader_replaced", side="union", leader="schurz",
           by={"id": "schimmelfennig", "name": "Schimmelfennig",
               "rating": SCHIMMELFENNIG_RATING, "role": "formation"}),
        ev(4, "start", "Howard, riding ahead of his corps, reaches Cemetery Hill (about 11:30 "
                       "a.m.).",
           kind="arrives", side="union", unit="howard", hexes=[cemetery_hill]),
        ev(4, "start", "Schurz, who left his division at Horner's Mill, joins Howard on Cemetery "
                       "Hill.",
           kind="arrives", side="union", unit="schurz", hexes=[cemetery_hill]),
        ev(4, "start", "Schurz takes the XI Corps from Howard.",
           kind="leader_replaced", side="union", leader="howard",
           by={"id": "schurz", "role": "wing"}),
        ev(4, "start", "Howard, the senior officer on the field, takes command in Reynolds's "
                       "place.",
           kind="leader_replaced", side="union", leader="reynolds",
           by={"id": "howard", "rating": 2, "role": "overall"}),
        ev(9, "start", "Hancock arrives with Meade's order to take command of the field (about "
                       "4:30 p.m.).",
           kind="leader_replaced", side="union", leader="howard",
           by={"id": "hancock", "name": "Hancock", "rating": HANCOCK_RATING,
               "role": "overall"}),
        ev(9, "start", "Howard takes the XI Corps back.",
           kind="leader_replaced", side="union", leader="schurz",
           by={"id": "howard", "role": "wing"}),
        ev(9, "start", "Schurz goes back to his division.",
           kind="leader_replaced", side="union", leader="schimmelfennig",
           by={"id": "schurz", "role": "formation"}),
        ev(9, "start", "Schimmelfennig, cut off in the town in the retreat, hides there until "
                       "4 July.",
           kind="leader_leaves", side="union", leader="schimmelfennig"),
    ]


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    m = json.load(open(os.path.join(root, "maps", f"{MAP}.json")))
    features = {f["code"]: f["hexes"] for f in m["features"]}
    routes = {r["name"]: r["hexes"] for r in m["routes"]}

    def hexes_of(code_or_hex):
        return features.get(code_or_hex) or [code_or_hex]

    def edge_end(route):
        """The end of a route that lies on the map's edge."""
        cols, rows = m["grid"]["columns"], m["grid"]["rows"]
        for h in (routes[route][-1], routes[route][0]):
            c, r = int(h[:2]), int(h[2:])
            if c in (1, cols) or r in (1, rows):
                return h
        raise SystemExit(f"{route} does not reach the edge")

    supply_union = [edge_end(r) for r in ("Baltimore Pike", "Taneytown Road")]
    supply_csa = [edge_end(r) for r in ("Chambersburg Pike", "Harrisburg Road")]
    union = side("union", "Union", "blue", UNION_LEADERS, UNION, supply_union, hexes_of)
    csa = side("confederates", "Confederates", "grey", CONFEDERATE_LEADERS, CONFEDERATE,
                  supply_csa, hexes_of)

    scenario = {
        "format": "kepi-scenario",
        "version": 1,
        "id": ID,
        "ruleset": "age-of-rifles",
        "title": "Gettysburg, the First Day",
        "date": "1 July 1863",
        "portion": "From 8 a.m., Buford's cavalry holding the ridges west of the town against "
                   "Heth's advance, to 7 p.m., both armies' leading corps on the field.",
        "map": MAP,
        "sides": [union, csa],
        "deploys_first": "union",
        "moves_first": "confederates",
        "deployment": [
            {"side": "union", "group": "cav-1", "zone": {
                "text": "Buford's division sets up on or next to McPherson's Ridge, Oak Ridge "
                        "and Oak Hill.",
                "rule": {"kind": "any", "of": [
                    {"kind": "within", "features": ["R7"], "distance": 1},
                    {"kind": "within", "features": ["R13", "H4"], "distance": 1}]}}},
            {"side": "confederates", "group": "div-heth", "zone": {
                "text": "Heth's Division sets up on or next to the Chambersburg Pike west of "
                        "Herr Ridge, up to Herr's Tavern.",
                "rule": {"kind": "all", "of": [
                    {"kind": "within", "features": ["X14"], "distance": 5},
                    {"kind": "beyond_line", "from": "0601", "to": "0617", "side_of": "0107",
                     "including": True},
                    {"kind": "any", "of": [
                        {"kind": "route", "names": ["Chambersburg Pike"]},
                        {"kind": "within", "features": ["X14"], "distance": 1}]}]}}},
        ],
        "reinforcements": [
            {"side": s, "group": g, "turn": t,
             "entry": {"text": text, "hexes": [edge_end(route)]}}
            for s, g, t, route, text in REINFORCEMENTS
        ],
        "game_length": GAME_LENGTH,
        "victory": [
            {"text": "The Confederates win a marginal victory if their victory points exceed "
                     "the Union's by 10 or more at the end of the 7 p.m. turn, a substantive "
                     "one by 20 or more.",
             "level": "marginal",
             "rule": {"kind": "points", "side": "confederates", "at_least": 10,
                      "margin": True}},
            {"text": "(The substantive Confederate victory: 20 or more.)",
             "level": "substantive",
             "rule": {"kind": "points", "side": "confederates", "at_least": 20,
                      "margin": True}},
            {"text": "The Union wins a marginal victory if its victory points are at least "
                     "the Confederates' less 6 at the end.",
             "level": "marginal",
             "rule": {"kind": "points", "side": "union", "at_least": -6, "margin": True}},
        ],
        "victory_points": [
            {"text": "1 point for each Union unit eliminated.", "side": "confederates",
             "source": {"kind": "eliminated", "points": 1}},
            {"text": "4 points for holding every hex of Gettysburg at the end.",
             "side": "confederates",
             "source": {"kind": "hold", "points": 4,
                        "target": {"features": ["T1"], "require": "every_hex"}}},
            {"text": "3 points for holding the Lutheran Seminary at the end.",
             "side": "confederates",
             "source": {"kind": "hold", "points": 3,
                        "target": {"features": ["S10"], "require": "every_hex"}}},
            {"text": "6 points for holding a hex of Cemetery Hill at the end.",
             "side": "confederates",
             "source": {"kind": "hold", "points": 6,
                        "target": {"features": ["H2"], "require": "each_feature"}}},
            {"text": "4 points for holding a hex of Culp's Hill at the end.",
             "side": "confederates",
             "source": {"kind": "hold", "points": 4,
                        "target": {"features": ["H3"], "require": "each_feature"}}},
            # The I Corps' line by the hour (issue 43): each hour the Union keeps the Seminary and
            # Oak Ridge out of Confederate hands is a point the Confederates do not score, so a
            # Union that falls back at once to Cemetery Hill does worse than one that fights
            # for the ridges (the arithmetic: docs/scenarios/aor-gettysburg-first-day.md).
            {"text": "1 point at the end of every game-turn for holding the Lutheran Seminary.",
             "side": "confederates",
             "source": {"kind": "hold", "points": 1, "each_turn": True,
                        "target": {"features": ["S10"], "require": "every_hex"}}},
            {"text": "1 point at the end of every game-turn for holding Oak Ridge.",
             "side": "confederates",
             "source": {"kind": "hold", "points": 1, "each_turn": True,
                        "target": {"features": ["R13"], "require": "every_hex"}}},
            {"text": "1 point for each Confederate unit eliminated.", "side": "union",
             "source": {"kind": "eliminated", "points": 1}},
            {"text": "3 points for holding every hex of Cemetery Hill at the end.",
             "side": "union",
             "source": {"kind": "hold", "points": 3,
                        "target": {"features": ["H2"], "require": "every_hex"}}},
            {"text": "2 points for holding a hex of Culp's Hill at the end.", "side": "union",
             "source": {"kind": "hold", "points": 2,
                        "target": {"features": ["H3"], "require": "each_feature"}}},
        ],
        "special_rules": [
            {"text": "Game-turn 1 is 8 a.m. and each game-turn is one hour; the last, 12, is "
                     "7 p.m. There are no night or rain turns (AoR 5.5, 16).",
             "rule": {"kind": "note"}},
        ],
        "events": events(hexes_of),
        "notes": {
            "history": open(os.path.join(root, "scripts", "maps",
                                         "gettysburg-notes.md")).read().strip(),
            "reading": "Strengths are 500 men or 6 guns a strength point, rounded; units of 2 "
                       "points or more are backprinted at half strength (AoR 6.1). Division "
                       "demoralization is half the division's strength (AoR 14.1), the army's "
                       "40 % of its strength (AoR 13). Leader ratings are the scenario's own "
                       "(AoR 2.1). Scale and readings: docs/rules/age-of-rifles.md; this "
                       "scenario: docs/scenarios/aor-gettysburg-first-day.md.",
            "source": "Kepi's own scenario. Numbers: Busey and Martin, Regimental Strengths "
                      "and Losses at Gettysburg; guns: the Official Records (series I, vol. "
                      "27); ground and times: Pfanz, Gettysburg: The First Day.",
        },
    }
    out = os.path.join(root, "scenarios", f"{ID}.json")
    with open(out, "w") as f:
        json.dump(scenario, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
