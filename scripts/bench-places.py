#!/usr/bin/env python3
"""Gives a GeoNames dump made by ../shared/bench/places_data.py GeoNames' own other names and populations where it has
them: each row whose geonameid is in GeoNames' cities15000.txt (as Debian's libtimezonemap-data installs it) takes that
row's alternate names (every script) and population; the other rows keep theirs, below 15,000 people, so that the
places with other names as search keys (SPEC §4c) are GeoNames' own. The synthetic dump alone has a few other names a
place; this one has what the index holds with real data. Usage: bench-places.py DUMP/cities500.txt [CITIES15000]"""
import os
import sys

table = sys.argv[1]
real_path = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/libtimezonemap/ui/cities15000.txt"
real = {}
with open(real_path, encoding="utf-8") as f:
    for line in f:
        fields = line.rstrip("\n").split("\t")
        real[fields[0]] = (fields[3], fields[14])
joined = 0
with open(table, encoding="utf-8") as source, open(table + ".part", "w", encoding="utf-8", newline="\n") as out:
    for line in source:
        fields = line.rstrip("\n").split("\t")
        if fields[0] in real:
            fields[3], fields[14] = real[fields[0]]
            joined += 1
        elif fields[14] and int(fields[14]) >= 15000:
            fields[14] = str(int(fields[14]) // 10)
        out.write("\t".join(fields) + "\n")
os.replace(table + ".part", table)
print(joined)
