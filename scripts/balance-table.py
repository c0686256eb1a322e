#!/usr/bin/env python3
"""The tables of docs/balance.md from the JSON lines of scripts/balance-report.sh (stdin):
each side's win rate with its 95 % Wilson interval at the standard and random levels, draws,
average length, the swing flag; then what decided the standard games of each scenario."""
import json
import sys


def side(s):
    return f"{s['side']} {s['rate']*100:.0f} % ({s['low']*100:.0f}-{s['high']*100:.0f})"


reports = [json.loads(line) for line in sys.stdin if line.strip()]
print("| scenario | games | standard: win rate (95 % interval) | draws | game-turns | random: win rate (95 % interval) | swings with skill |")
print("|---|---|---|---|---|---|---|")
for r in reports:
    lv, rd = r["level"], r["random"]
    print(
        f"| {r['scenario']} | {lv['games']} | {'; '.join(side(s) for s in lv['sides'])} "
        f"| {lv['draws']} | {lv['average_turns']:.1f} | {'; '.join(side(s) for s in rd['sides'])} "
        f"| {r['swings_with_skill'] or 'no'} |"
    )
print()
print("What decided the standard-level games:")
print()
for r in reports:
    # The reasons differ in their details (units left, hexes): grouped by the condition's text
    # and whether it was met.
    groups = {}
    for why, n in r["level"]["decided_by"]:
        text, _, detail = why.partition(" — ")
        key = (text, "not met" if any(w in detail for w in ("not met", "not controlled", "survive")) else "met")
        groups[key] = groups.get(key, 0) + n
    parts = [f"{n} × {k[1]}" for k, n in sorted(groups.items(), key=lambda x: -x[1])]
    text = next(iter(groups))[0] if groups else ""
    print(f"- **{r['scenario']}** ({text}): " + "; ".join(parts))
