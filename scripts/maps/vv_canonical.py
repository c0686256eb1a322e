"""Writes a scenario as Kepi's editor saves it, so a painted scenario opens and saves back byte
for byte (`every_shipped_scenario_opens_without_problems_and_saves_byte_for_byte`): the
format's keys in the format's order, a side's id, name and colour first and its system's
section after them with its keys sorted at every level, two-space indentation, an empty
`notes` object when the scenario has none; an event's fields in the format's order. Shared by the Vae Victis map scripts.
"""

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The fields of the scenario format (src/scenario/file.rs, `ScenarioFile`), in its order.
ORDER = [
    "format", "version", "id", "ruleset", "title", "date", "portion", "map", "catalog",
    "sides", "deploys_first", "moves_first", "deployment", "reinforcements", "game_length",
    "night_turns", "rain_turns", "victory", "options", "victory_points", "special_rules",
    "events", "notes",
]


def _sorted(v):
    if isinstance(v, dict):
        return {k: _sorted(v[k]) for k in sorted(v)}
    if isinstance(v, list):
        return [_sorted(x) for x in v]
    return v


def _side(s):
    head = {k: s[k] for k in ("id", "name", "color") if k in s}
    head.update(_sorted({k: v for k, v in s.items() if k not in head}))
    return head


# A scripted event's fields (src/scenario/events.rs), in their order.
EVENT_ORDER = ["turn", "at", "text", "does"]


def _event(e):
    return {k: e[k] for k in EVENT_ORDER if k in e} | {k: v for k, v in e.items() if k not in EVENT_ORDER}


def canonical(doc):
    unknown = [k for k in doc if k not in ORDER]
    if unknown:
        raise SystemExit(f"scenario fields the format does not have: {unknown}")
    out = {k: doc[k] for k in ORDER if k in doc}
    out["sides"] = [_side(s) for s in doc["sides"]]
    if "events" in out:
        out["events"] = [_event(e) for e in out["events"]]
    out.setdefault("notes", {})
    return out


def write_scenario(relative, doc):
    with open(os.path.join(ROOT, relative), "w", encoding="utf-8") as f:
        json.dump(canonical(doc), f, indent=2, ensure_ascii=False)
        f.write("\n")
