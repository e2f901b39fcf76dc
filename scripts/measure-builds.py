#!/usr/bin/env python3
"""What a user of the CLI feels, before and after a change of the engine (issue 39): two
builds of `mineseer`, alternating, the ratio taken round by round (a measurement, not a test).

    python3 scripts/measure-builds.py BEFORE AFTER [ROUNDS]

BEFORE and AFTER are two release builds of the CLI (`target/release/mineseer` of two
worktrees). In each of ROUNDS rounds (default 5) both builds run every measure below, the
build that goes first turning from round to round, so that a drift of the machine's load
touches both alike. A measure's figure per build is the median over the rounds (smallest-
largest); its ratio after / before is the median of the rounds' own ratios (smallest-
largest). The load average is printed with each round.

1. The auto-player's CPU per game: `mineseer play --preset P --games N --seed 77 --threads 1
   [--fast] --json`, its own `cpu_ms_per_game` (the playing thread's CPU time, start-up left
   out), on expert and intermediate at the full and the fast level. The two builds must win
   the same games with the same guesses and clicks, or the script says so and fails.
2. The endgame estimate's rollouts per CPU-second, one thread, at the three expert points of
   scripts/measure-estimate.sh (crates/core/benches/endgame_positions/estimate-{first,mid,
   late}.mine) at both levels: the CPU time (user + system, from the kernel's accounting of
   the finished child) of `mineseer endgame FILE --estimate --threads 1 --level L --rollouts
   N --json` less that of the same with `--rollouts 1` (the plan), for the (N - 1) x K games
   between them (K candidates). The two builds must give the same estimate (same wins of
   every candidate), or the script says so and fails.
"""

import json
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSITIONS = os.path.join(ROOT, "crates/core/benches/endgame_positions")
SEED = "77"
# (preset, level, games): about a second of CPU each on this machine.
PLAYS = [
    ("expert", "full", 200),
    ("expert", "fast", 400),
    ("intermediate", "full", 400),
    ("intermediate", "fast", 1000),
]
# (position, level, rollouts): one to two seconds of CPU each.
ESTIMATES = [
    ("first", "full", 60),
    ("first", "fast", 300),
    ("mid", "full", 100),
    ("mid", "fast", 400),
    ("late", "full", 20),
    ("late", "fast", 400),
]


def run_timed(command):
    """Runs `command`; returns its standard output and the CPU seconds (user + system) it used."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.dup2(write, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(read)
        os.chdir(ROOT)
        try:
            os.execv(command[0], command)
        finally:
            os._exit(127)
    os.close(write)
    chunks = []
    while True:
        chunk = os.read(read, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed ({status})")
    return b"".join(chunks).decode(), usage.ru_utime + usage.ru_stime


def play(binary, preset, level, games):
    command = [binary, "play", "--preset", preset, "--games", str(games), "--seed", SEED,
               "--threads", "1", "--json"]
    if level == "fast":
        command.append("--fast")
    out, _ = run_timed(command)
    report = json.loads(out)
    outcome = (report["wins"], report["guesses"], report["clicks_won"])
    return report["cpu_ms_per_game"], outcome


def estimate(binary, name, level, rollouts):
    position = os.path.join(POSITIONS, f"estimate-{name}.mine")
    command = [binary, "endgame", position, "--estimate", "--threads", "1", "--level", level,
               "--json", "--rollouts"]
    _, plan = run_timed(command + ["1"])
    out, cpu = run_timed(command + [str(rollouts)])
    candidates = json.loads(out)["estimate"]["candidates"]
    rate = (rollouts - 1) * len(candidates) / max(cpu - plan, 1e-9)
    outcome = [(c["x"], c["y"], c["wins"], c["games"]) for c in candidates]
    return rate, outcome


def spread(values, digits):
    return (f"{statistics.median(values):.{digits}f} "
            f"({min(values):.{digits}f}-{max(values):.{digits}f})")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: python3 scripts/measure-builds.py BEFORE AFTER [ROUNDS]")
    builds = {"before": os.path.abspath(sys.argv[1]), "after": os.path.abspath(sys.argv[2])}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    measures = [("play", *p) for p in PLAYS] + [("estimate", *e) for e in ESTIMATES]
    figures = {(m, b): [] for m in measures for b in builds}
    outcomes = {}
    mismatches = []
    print(f"before {builds['before']}\nafter  {builds['after']}\n{rounds} rounds, "
          f"{os.cpu_count()} cores")
    for r in range(rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for measure in measures:
            for build in order:
                kind, *args = measure
                work = play if kind == "play" else estimate
                figure, outcome = work(builds[build], *args)
                figures[(measure, build)].append(figure)
                first = outcomes.setdefault(measure, outcome)
                if outcome != first:
                    mismatches.append(f"{measure} round {r + 1} {build}")
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"round {r + 1} done, order {' then '.join(order)}, load {load}", flush=True)

    print("\n| measure | before | after | after / before (round by round) |")
    print("|---|---|---|---|")
    for measure in measures:
        before, after = figures[(measure, "before")], figures[(measure, "after")]
        ratios = [a / b for a, b in zip(after, before)]
        kind, where, level, n = measure
        if kind == "play":
            label = f"auto-player, {where}, {level} level, CPU ms a game ({n} games)"
            digits = 2
        else:
            label = f"estimate, expert {where}, {level} level, games a CPU-second ({n} rollouts)"
            digits = 0
        print(f"| {label} | {spread(before, digits)} | {spread(after, digits)} | "
              f"{spread(ratios, 2)} |")
    if mismatches:
        print("\nthe two builds' answers differ: " + "; ".join(mismatches))
        sys.exit(1)
    print("\nthe two builds played the same games and gave the same estimates")


if __name__ == "__main__":
    main()
