#!/usr/bin/env python3
"""Bandada — puts standard input between FILE's <!-- NAME:begin --> and <!-- NAME:end --> markers,
replacing what was there: how the docs' generated tables are written (experiments-table.sh,
crowd-findings.sh). Usage: COMMAND | scripts/write-between-markers.py FILE NAME"""
import sys

if len(sys.argv) != 3:
    sys.exit("usage: COMMAND | write-between-markers.py FILE NAME")
path, name = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
if begin not in text or end not in text:
    sys.exit(f"write-between-markers: {path} has no {begin} … {end}")
a, b = text.index(begin) + len(begin), text.index(end)
table = sys.stdin.read().rstrip("\n")
open(path, "w", encoding="utf-8").write(text[:a] + "\n" + table + "\n" + text[b:])
