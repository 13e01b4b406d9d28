import json, glob, random, subprocess, unicodedata, gzip, sys
m = json.load(open('Output/search/manifest.json'))
files = m['typos']['files']
inb = set()
for f in glob.glob('Output/search/typos/*.json'):
    n = int(f.split('/')[-1][:-5])
    if n >= files:
        for e in json.load(open(f))['entries']: inb.add(e[0])
snap = {c['_id']: c for c in json.load(gzip.open('/work/shared/data/cities.json.gz'))}
pop = {}
for line in open('/usr/share/libtimezonemap/ui/cities15000.txt', encoding='utf-8'):
    f = line.split('\t')
    if int(f[14] or 0) >= 15000 and int(f[0]) in snap: pop[int(f[0])] = int(f[14])
print('places >= 15000 in the snapshot', len(pop), 'in buckets', len(inb & set(pop)), 'missing', len(set(pop) - inb))
print('manifest bytes', len(open('Output/search/manifest.json','rb').read()), 'buckets chars', len(m['typos'].get('buckets','')))
rng = random.Random(7); ids = rng.sample(sorted(pop), int(sys.argv[1]))
found = tested = 0; misses = []
for i in ids:
    name = snap[i]['name']
    k = name.lower()
    if len(k) < 5: continue
    p = k[:rng.randint(5, len(k))]
    j = rng.randint(1, len(p) - 1); op = rng.choice('dis')
    q = p[:j] + p[j+1:] if op == 'd' else p[:j] + rng.choice('aeiourstn') + p[j:] if op == 'i' else p[:j] + rng.choice('aeiourstn') + p[j+1:]
    if len(q) < 5: continue
    out = subprocess.run(['/dev/shm/rel-typo/release/citygen', 'search', '--json', '--limit', '5', q], capture_output=True, text=True).stdout
    try: res = json.loads(out)
    except Exception: res = {}
    got = [r['id'] for r in res.get('results', [])][:5]
    tested += 1
    if i in got: found += 1
    else: misses.append((q, name, snap[i]['country']))
print('tested', tested, 'found in first 5', found); print(misses[:15])
