#!/usr/bin/env python3
"""Tables for docs/benchmarks.md from one compare.sh run: python3 bench/summarize.py bench/results/<tag>"""
import json
import os
import re
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def metric(lines, name, world='bench', quantile=None):
    for line in lines or []:
        if not line.startswith(name + '{') and not line.startswith(name + ' '):
            continue
        if f'world="{world}"' not in line and '{' in line:
            continue
        if quantile is not None and f'quantile="{quantile}"' not in line:
            continue
        try:
            return float(line.rsplit(' ', 1)[1])
        except ValueError:
            return None
    return None


def fmt(value, digits=0, scale=1.0):
    if value is None:
        return 'n/a'
    return f'{value * scale:,.{digits}f}'


def lor_row(r):
    server = r.get('server') or {}
    lat = r.get('latencyMs') or {}
    per = r.get('perClientPerSecond') or {}
    counts = r.get('counts') or {}
    m = r.get('serverMetrics')
    world = (r.get('config') or {}).get('world', 'bench')
    # The worst of the p99s read every 10 s of the window (each over the last 200 ticks); older reports have only
    # the one at the window's end.
    tick_p99 = server.get('tickP99WorstMs')
    if tick_p99 is None:
        tick_p99 = metric(m, 'lor_tick_duration_seconds', world, quantile='0.99')
        tick_p99 = None if tick_p99 is None else tick_p99 * 1000
    # The counter runs from the world's start: the window's overruns are its growth during the window.
    overruns = metric(m, 'lor_tick_overruns_total', world)
    overruns_before = metric(r.get('serverMetricsAtStart'), 'lor_tick_overruns_total', world)
    if overruns is not None and overruns_before is not None:
        overruns -= overruns_before
    return {
        'joined': f"{counts.get('joined', 'n/a')}/{counts.get('bots', 'n/a')}",
        'cpu': server.get('cpuPercentOfCore'),
        'cpu_us': server.get('cpuMicrosPerClientPerSecond'),
        'rss': server.get('rssMb'),
        'down': per.get('downlinkBytes'),
        'p50': lat.get('p50'), 'p99': lat.get('p99'),
        'tick_p99': tick_p99,
        'overruns': overruns,
        'gen': (r.get('generator') or {}).get('cpuPercentOfCore'),
    }


def colyseus_row(r):
    server = r.get('server') or {}
    clients = r.get('clients') or {}
    lat = clients.get('latencyMs') or {}
    n = r.get('n') or 1
    join = r.get('join') or {}
    return {
        'joined': f"{join.get('joined', 'n/a')}/{n}",
        'cpu': server.get('cpuPct'),
        'cpu_us': None if server.get('cpuPct') is None else server['cpuPct'] / 100 * 1e6 / n,
        'rss': server.get('rssMB'),
        'down': clients.get('downBytesPerClientPerS'),
        'p50': lat.get('p50'), 'p99': lat.get('p99'),
        'tick_p99': (server.get('tickDurMs') or {}).get('p99'),
        'overruns': None,
        'gen': (r.get('bots') or {}).get('cpuPct'),
    }


def main(folder):
    runs = {}
    for name in sorted(os.listdir(folder)):
        match = re.match(r'(lor-json|lor-binary|lor-objects|colyseus)-n(\d+)\.json$', name)
        if match:
            data = load(os.path.join(folder, name))
            row = colyseus_row(data) if match.group(1) == 'colyseus' else lor_row(data)
            runs[(int(match.group(2)), match.group(1))] = row
    print('| N | server | joined | server CPU % of a core | CPU-µs /client/s | RSS MB | downlink B/client/s '
          '| intent→visible p50 / p99 ms | tick p99 ms | overruns | load generator CPU % |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    for n in sorted({k[0] for k in runs}):
        for kind, label in (('lor-json', 'Lor JSON'), ('lor-binary', 'Lor binary'),
                            ('lor-objects', 'Lor binary, bench-objects'), ('colyseus', 'Colyseus')):
            r = runs.get((n, kind))
            if r is None:
                continue
            print(f"| {n} | {label} | {r['joined']} | {fmt(r['cpu'], 1)} | {fmt(r['cpu_us'])} | {fmt(r['rss'])} "
                  f"| {fmt(r['down'])} | {fmt(r['p50'])} / {fmt(r['p99'])} | {fmt(r['tick_p99'], 2)} "
                  f"| {fmt(r['overruns'])} | {fmt(r['gen'])} |")
    print()
    print('Ratios at each N (Lor binary / Colyseus):')
    print()
    print('| N | CPU per client | downlink per client | latency p99 |')
    print('|---|---|---|---|')
    for n in sorted({k[0] for k in runs}):
        lor, col = runs.get((n, 'lor-binary')), runs.get((n, 'colyseus'))
        if not lor or not col:
            continue
        def ratio(a, b):
            return 'n/a' if not a or not b else f'{a / b:.3f}'
        print(f"| {n} | {ratio(lor['cpu_us'], col['cpu_us'])} | {ratio(lor['down'], col['down'])} "
              f"| {ratio(lor['p99'], col['p99'])} |")
    print()
    if any(k[1] == 'lor-objects' for k in runs):
        print('Ticking objects at each N (Lor binary in bench-objects, 100,000 objects 1 % awake / in bench):')
        print()
        print('| N | CPU per client | tick p99 ms, worst 10-s window (objects / none) | overruns (objects / none) |')
        print('|---|---|---|---|')
        for n in sorted({k[0] for k in runs}):
            obj, plain = runs.get((n, 'lor-objects')), runs.get((n, 'lor-binary'))
            if not obj or not plain:
                continue
            cpu = 'n/a' if not obj['cpu_us'] or not plain['cpu_us'] else f"{obj['cpu_us'] / plain['cpu_us']:.3f}"
            print(f"| {n} | {cpu} | {fmt(obj['tick_p99'], 2)} / {fmt(plain['tick_p99'], 2)} "
                  f"| {fmt(obj['overruns'])} / {fmt(plain['overruns'])} |")
        print()
    lifecycle = [(name, load(os.path.join(folder, name))) for name in sorted(os.listdir(folder))
                 if name.startswith('lifecycle-') and name.endswith('.json')]
    if lifecycle:
        print('| lifecycle | join of a stopped world p50 / p99 ms | hello→welcome p50 ms '
              '| join of a running world p50 / p99 ms | idle world RSS MB |')
        print('|---|---|---|---|---|')
        for name, r in lifecycle:
            s, w, j = r['stoppedJoinMs'], r['welcomeMs'], r['runningJoinMs']
            rss = r.get('idleRssMb')
            print(f"| {name[10:-5]} | {fmt(s['p50'])} / {fmt(s['p99'])} | {fmt(w['p50'])} "
                  f"| {fmt(j['p50'], 1)} / {fmt(j['p99'], 1)} | {fmt(rss)} |")

    flag_sets = sorted({name[6:-len('-lifecycle.json')] for name in os.listdir(folder)
                        if name.startswith('flags-') and name.endswith('-lifecycle.json')})
    if flag_sets:
        print()
        print('| world JVM flags (after the built-in ones) | cold join p50 / p99 ms | idle RSS MB '
              '| 1000 bots: CPU-µs /client/s | RSS MB | tick p99 ms | intent→visible p99 ms |')
        print('|---|---|---|---|---|---|---|')
        for name in flag_sets:
            life = load(os.path.join(folder, f'flags-{name}-lifecycle.json'))
            bots_file = os.path.join(folder, f'flags-{name}-bots.json')
            b = lor_row(load(bots_file)) if os.path.exists(bots_file) else {}
            s = life['stoppedJoinMs']
            print(f"| {name} | {fmt(s['p50'])} / {fmt(s['p99'])} | {fmt(life.get('idleRssMb'))} "
                  f"| {fmt(b.get('cpu_us'))} | {fmt(b.get('rss'))} | {fmt(b.get('tick_p99'), 2)} "
                  f"| {fmt(b.get('p99'))} |")


if __name__ == '__main__':
    main(sys.argv[1])
