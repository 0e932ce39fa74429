#!/usr/bin/env python3
"""Bandada — the checks of tests/cli_scenario_test.sh that read files: each subcommand asserts
what a user of a scenario run relies on, and exits non-zero (with why) when it does not hold.

  expectations FILE JSON           the run meets the file's own _expectations
  in_walkable SCENARIOS TMP        every trajectory row of the three rooms lies in the walkable area
  pedpy T1 T2 JSON                 trajectories parse by PedPy's rules (the PeTrack text format)
  passages TRAJ JSON               a line's passages found from the trajectories equal the JSON's
  premovement TRAJ JSON            RiMEA 5 by the anchor's own V&V rule: each person first stands
                                   5 cm from their first row within 0.5 s after their drawn time
"""
import json
import math
import re
import sys


def expectations(scenario, out):
    f, j = json.load(open(scenario)), json.load(open(out))
    e = f["_expectations"]
    assert j["placed"] >= e["min_agents_spawned"], j["placed"]
    assert (j["inside"] == 0) == e["all_agents_evacuated"], j["inside"]
    lo, hi = e["evacuation_time_range"]
    assert lo <= j["evacuation_time"] <= hi, j["evacuation_time"]
    # The run is the file's max_simulation_time in frames of 0.04 s, and everyone who left left by
    # an exit of the file, counted there.
    t = f["config"]["simulation_settings"]["simulationParams"]["max_simulation_time"]
    assert j["steps"] == math.ceil(t / 0.04 - 1e-9), j["steps"]
    assert [a["id"] for a in j["exit_areas"]] == list(f["exits"]), j["exit_areas"]
    assert sum(a["evacuated"] for a in j["exit_areas"]) == j["evacuated"], j["exit_areas"]
    assert len(j["exit_of"]) == j["placed"] and all(x in f["exits"] for x in j["exit_of"] if x), j["exit_of"]


def rings(wkt):
    return [[tuple(map(float, p.split())) for p in r.split(",")] for r in re.findall(r"\(([^()]+)\)", wkt)]


def inside(ring, x, y):
    c = False
    for i in range(len(ring)):
        (ax, ay), (bx, by) = ring[i], ring[i - 1]
        if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
            c = not c
    return c


def in_walkable(sc, tmp):
    for room in ["two-rooms-folder", "corner.json", "holes.json"]:
        if room.endswith("folder"):
            wkt = open(f"{sc}/{room}/geometry.wkt").read()
        else:
            wkt = json.load(open(f"{sc}/{room}"))["walkable_area_wkt"]
        rs = rings(wkt)
        rows = [l.split() for l in open(f"{tmp}/{room}.txt") if not l.startswith("#")]
        bad = [r for r in rows
               if not inside(rs[0], float(r[2]), float(r[3])) or any(inside(h, float(r[2]), float(r[3])) for h in rs[1:])]
        j = json.load(open(f"{tmp}/{room}.out"))
        print(f"# {room}: {len(rows)} rows, {len(bad)} outside the walkable area; {j['placed']} placed, {j['inside']} inside")
        assert len(rows) > 1000 and not bad and j["inside"] == 0, bad[:3]


def load(path):
    lines = open(path).read().splitlines()
    head = [l for l in lines if l.startswith("#")]
    rows = [list(map(float, l.split())) for l in lines if l and not l.startswith("#")]
    assert all(len(r) == 5 for r in rows)
    return head, rows


def pedpy(t1, t2, out):
    h1, r1 = load(t1)
    h2, r2 = load(t2)
    assert h1 == ["# framerate: 25 fps", "# id frame x/m y/m z/m"], h1
    assert h2 == ["# framerate: 12.5 fps", "# id frame x/m y/m z/m"], h2
    j = json.load(open(out))
    frames = sorted({int(r[1]) for r in r1})
    assert frames == list(range(len(frames))) and min(r[0] for r in r1) == 1, frames[:3]  # from 0, none missing
    assert sum(1 for r in r1 if r[1] == 0) == j["placed"] and sorted({r[0] for r in r1 if r[1] == 0}) == list(range(1, j["placed"] + 1))
    assert j["inside"] == 0 and len(j["exit_times"]) == j["placed"]
    # everyone's last row is the frame before they left
    last = {}
    for r in r1:
        last[int(r[0])] = max(last.get(int(r[0]), 0), int(r[1]))
    assert sorted(math.floor(t / 0.04 - 1e-9) for t in j["exit_times"]) == sorted(last.values()), (j["exit_times"][:3], sorted(last.values())[:3])
    assert [r[2:] for r in r2 if r[1] == 100] == [r[2:] for r in r1 if r[1] == 200]
    assert all(r[4] == 0 for r in r1)


def premovement(traj, out):
    j = json.load(open(out))
    times = j["premovement"]
    assert len(times) == 10 and all(10 <= t < 100 for t in times), times
    assert j["inside"] == 0 and j["waiting"] == 0, (j["inside"], j["waiting"])
    first, moved = {}, {}
    for line in open(traj):
        if line.startswith("#") or not line.strip():
            continue
        pid, frame, x, y = line.split()[:4]
        pid, frame, x, y = int(pid), int(frame), float(x), float(y)
        first.setdefault(pid, (x, y))
        x0, y0 = first[pid]
        if pid not in moved and math.hypot(x - x0, y - y0) > 0.05:
            moved[pid] = frame * 0.04
    assert sorted(moved) == list(range(1, 11)), sorted(moved)
    for pid, t in moved.items():  # ids in the file are person numbers + 1
        assert times[pid - 1] <= t <= times[pid - 1] + 0.5, (pid, times[pid - 1], t)


def passages(traj, out):
    pos = {}
    for r in (l.split() for l in open(traj) if not l.startswith("#")):
        pos[(int(r[0]), int(r[1]))] = (float(r[2]), float(r[3]))
    j = json.load(open(out))
    line = j["lines"][0]
    (x1, y1), (x2, y2) = line["a"], line["b"]
    sx, sy = x2 - x1, y2 - y1
    found = []
    for (i, f), (x, y) in pos.items():
        if (i, f - 1) not in pos:
            continue
        x0, y0 = pos[(i, f - 1)]
        rx, ry = x - x0, y - y0
        den = rx * sy - ry * sx
        if den == 0:
            continue
        qx, qy = x1 - x0, y1 - y0
        a, b = (qx * sy - qy * sx) / den, (qx * ry - qy * rx) / den
        if a < 0 or a >= 1 or b < 0 or b > 1:
            continue
        found.append((0.04 * (f - 1) + a * 0.04, i - 1, 1 if sx * ry - sy * rx > 0 else -1))
    found.sort()
    assert [(p["t"], p["id"], p["dir"]) for p in line["passages"]] == found, (line["passages"][:3], found[:3])
    n = len(found)
    i0, i1 = math.floor(0.1 * n), math.floor(0.9 * n)
    assert n == 12 and line["count"] == 12 and line["flow"] == (i1 - i0) / (found[i1][0] - found[i0][0])
    assert abs(line["specific_flow"] - line["flow"] / 4) < 1e-15
    a = j["areas"][0]
    assert a["area"] == 16 and len(a["density"]) == 601 and max(a["density"]) > 0


if __name__ == "__main__":
    {"expectations": expectations, "in_walkable": in_walkable, "pedpy": pedpy, "passages": passages,
     "premovement": premovement}[sys.argv[1]](*sys.argv[2:])
