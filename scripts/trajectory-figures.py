#!/usr/bin/env python3
"""Bandada — the figures a validation card compares, derived from a PeTrack trajectory file.

  scripts/trajectory-figures.py FILE --line "X1;Y1;X2;Y2" [--area "X Y, X Y, ..."] [--source TEXT]

Reads FILE as the crowd's trajectory reader does (core/common/petrack.h: '#' comments, a
"framerate" line, "x/cm" for centimetres, rows "id frame x y ..."), and prints CSV:

  measure,value     people, frames, fps, line_count, line_first, line_median, line_last, line_span
                    (last - first), line_half (median - first), line_flow (the 10-90 % window,
                    as CrowdLine::flow), area_density (people inside over the area, the mean over
                    the frames from the first passage to the last)
  passage,K,T       the K-th passage of the line (from 1), T seconds after the file's first frame

A passage is what the crowd's line counts (crowd_measure.cpp): a person's move from one frame of
theirs to the next crosses the segment, in either direction, at the fraction of the move where it
meets it. Only the figures are meant to be kept (docs/verification.md, "A published experiment");
the trajectories stay where they were read.
"""
import argparse
import math
import sys


def read_petrack(path):
    fps, scale, people = 25.0, 1.0, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            text = line.strip()
            if not text:
                continue
            if text.startswith("#"):
                low = text.lower()
                if "framerate" in low:
                    nums = [w for w in low.replace(":", " ").split() if w.replace(".", "", 1).isdigit()]
                    if nums:
                        fps = float(nums[0])
                if "x/cm" in low or "in cm" in low:
                    scale = 0.01
                continue
            w = text.split()
            people.setdefault(int(w[0]), []).append((int(w[1]), float(w[2]) * scale, float(w[3]) * scale))
    for rows in people.values():
        rows.sort()
    return fps, people


def passages(people, fps, line):
    x1, y1, x2, y2 = line
    sx, sy = x2 - x1, y2 - y1
    out = []
    for rows in people.values():
        for (f0, ax, ay), (f1, bx, by) in zip(rows, rows[1:]):
            rx, ry = bx - ax, by - ay
            den = rx * sy - ry * sx
            if den == 0:
                continue
            qx, qy = x1 - ax, y1 - ay
            a = (qx * sy - qy * sx) / den
            b = (qx * ry - qy * rx) / den
            if 0 <= a < 1 and 0 <= b <= 1:
                out.append((f0 + a * (f1 - f0)) / fps)
    return sorted(out)


def inside(ring, x, y):
    c = False
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            c = not c
    return c


def ring_area(ring):
    return abs(sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]))) / 2


def flow(t):
    n = len(t)
    i0, i1 = math.floor(0.1 * n), math.floor(0.9 * n)
    if n < 2 or i1 <= i0 or i1 >= n or t[i1] <= t[i0]:
        return float("nan")
    return (i1 - i0) / (t[i1] - t[i0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--line", required=True, help="X1;Y1;X2;Y2")
    ap.add_argument("--area", help="the area's corners, 'X Y, X Y, ...'")
    ap.add_argument("--source", default="", help="a comment line for the output")
    a = ap.parse_args()
    fps, people = read_petrack(a.file)
    if not people:
        sys.exit(f"{a.file}: no rows")
    line = [float(v) for v in a.line.split(";")]
    if len(line) != 4:
        sys.exit("--line: X1;Y1;X2;Y2")
    t = passages(people, fps, line)
    frames = sorted({r[0] for rows in people.values() for r in rows})
    fig = {"people": len(people), "frames": len(frames), "fps": fps, "line_count": len(t)}
    if t:
        med = t[(len(t) - 1) // 2]
        fig.update(line_first=t[0], line_median=med, line_last=t[-1], line_span=t[-1] - t[0],
                   line_half=med - t[0], line_flow=flow(t))
    if a.area and t:
        ring = [tuple(float(v) for v in p.split()) for p in a.area.split(",")]
        at = {}
        for rows in people.values():
            for f, x, y in rows:
                at[f] = at.get(f, 0) + inside(ring, x, y)
        lo, hi = t[0] * fps, t[-1] * fps
        window = [f for f in frames if lo <= f <= hi]
        fig["area_density"] = sum(at.get(f, 0) for f in window) / len(window) / ring_area(ring)
    if a.source:
        print(f"# {a.source}")
    print("measure,value")
    for k, v in fig.items():
        print(f"{k},{v:.4f}" if isinstance(v, float) else f"{k},{v}")
    for k, v in enumerate(t, 1):
        print(f"passage,{k},{v:.3f}")


if __name__ == "__main__":
    main()
