"""Ratios against the targets of issue #9, and the Markdown table docs/performance.md shows."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bench.floors import sequential_floor
from bench.stats import ratio

BEGIN = "<!-- bench:begin (written by `python -m bench --docs`; edit outside these marks) -->"
END = "<!-- bench:end -->"

# Issue 20's goals for commands/s at 64 in flight, as a share of the echo's calls/s: Hoarders
# (the lightest game) 0.5, every other game 0.35.
INFLIGHT_GOAL = 0.35
INFLIGHT_GOALS = {"hoarders": 0.5}


def _get(data: dict[str, Any], *path: str) -> Any:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per target and game: the value, the target, whether it is met."""
    rows: list[dict[str, Any]] = []
    inflight = results["meta"]["sizes"]["inflight"]
    many = f"inflight_{inflight}"
    echoes = [e for e in (_get(results, "baseline", "echo"), _get(results, "commands", "echo_after")) if e]
    rates = [_get(e, many, "call", "per_second") for e in echoes]
    p50s = [_get(e, "sequential", "call", "p50_ms") for e in echoes]
    echo_rate = max((r for r in rates if r), default=None)  # the better echo: the stricter ratio
    echo_p50 = min((p for p in p50s if p), default=None)
    for game, runs in sorted((_get(results, "commands") or {}).items()):
        if game == "echo_after" or not isinstance(runs, dict) or many not in runs:
            continue
        value = ratio(_get(runs, many, "command", "per_second"), echo_rate)
        floor = INFLIGHT_GOALS.get(game, INFLIGHT_GOAL)
        rows.append({"target": f"{game}: commands/s with {inflight} in flight / echo calls/s", "value": value,
                     "goal": f">= {floor}", "met": value is not None and value >= floor})
        value = ratio(_get(runs, "sequential", "command", "p50_ms"), echo_p50)
        rows.append({"target": f"{game}: sequential command p50 / echo p50", "value": value,
                     "goal": "<= 2", "met": value is not None and value <= 2})
    flush = _get(results, "floors", "durable_flush", "after_idle_us", "p50")
    floor = sequential_floor(flush, echo_p50)
    if floor is not None:
        # No target: what any server that flushes each command before answering can read here.
        rows.append({"target": "this machine's floor for sequential p50 / echo p50: (echo p50 + one durable "
                     "flush after idle, p50) / echo p50 (no target; bench.floors)",
                     "value": floor, "goal": "-", "met": True})
    raw = _get(results, "replay", "raw_decode", "events_per_second")
    for name, goal in (("fold", 0.3), ("verify", 0.1)):
        value = ratio(_get(results, "replay", name, "events_per_second"), raw)
        if value is not None:
            rows.append({"target": f"replay {name} events/s / raw read-and-decode events/s", "value": value,
                         "goal": f">= {goal}", "met": value >= goal})
    points = _get(results, "memory", "points") or []
    for point in points:
        value = point["kib_per_game"]
        rows.append({"target": f"memory per idle live game, {point['games']:,} open (KiB)", "value": value,
                     "goal": "<= 20", "met": value <= 20})
    watched = results.get("watched_memory")
    if watched:
        rows.append({"target": f"projection caches per finished game watched by {watched['viewers_per_game']} viewers, "
                     f"{watched['game']} (KiB; no target, the issue's memory suspect)",
                     "value": watched["kib_per_watched_game"], "goal": "-", "met": True})
    peer = results.get("peer") or {}
    memory_runs = [run for run in peer.get("boardgameio", []) if run.get("storage") == "memory"]
    pushed = _get(peer, "kennel_sqlite_durable", "pushed", "command", "per_second")
    if memory_runs and pushed is not None:
        # The peer's own shape (a stream per seat; bench.pushed) against its in-memory store.
        value = ratio(pushed, memory_runs[0].get("moves_per_s"))
        rows.append({"target": f"{peer['shape']['game']} beside boardgame.io: Kennel moves/s (pushed seats) / "
                     "boardgame.io in memory moves/s", "value": value, "goal": ">= 1.0",
                     "met": value is not None and value >= 1.0})
    p99 = _get(results, "fanout", "ack_to_delivery", "p99_ms")
    if p99 is not None:
        watchers = results["fanout"]["watchers"]
        rows.append({"target": f"fan-out p99, acknowledgement to delivery, {watchers:,} watchers (ms)", "value": p99,
                     "goal": "< 100", "met": p99 < 100})
    return rows


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _floors(floors: dict[str, Any] | None) -> list[str]:
    """This machine's durable flush and SQLite commit (bench.floors), both ways."""
    if not floors:
        return []
    flush, commit = floors["durable_flush"], floors.get("sqlite_commit")
    line = (f"This machine's disk (bench.floors, in the bench's folder): an 8 KiB write's `fdatasync` took "
            f"p50 {flush['back_to_back_us']['p50']} us back to back and {flush['after_idle_us']['p50']} us "
            f"(p90 {flush['after_idle_us']['p90']}) after {flush['idle_ms']} ms idle")
    if commit:
        idle = commit["after_idle_us"]
        line += (f"; a small SQLite commit (WAL, synchronous=FULL) p50 {commit['back_to_back_us']['p50']} us "
                 f"back to back and {idle['p50']} us (p90 {idle['p90']}) after the same idleness")
    return ["", line + "."]


def _per_move(cpu_seconds: float | None, moves: int | None) -> str:
    """Microseconds of CPU a move, or "-" where a run did not say (older results)."""
    if cpu_seconds is None or not moves:
        return "-"
    return f"{cpu_seconds * 1e6 / moves:,.0f}"


def _instructions(counted: dict[str, Any] | None) -> list[str]:
    """Issue 20's "per command, about what one gRPC call costs", counted by callgrind."""
    if not counted:
        return []
    if "skipped" in counted:
        return ["", f"Instructions per command not counted: {counted['skipped']}."]
    lines = ["", f"Instructions in the server process, counted by callgrind (bench.instructions; sequential, "
             f"after a warm-up): the echo {counted['echo']['per_call']:,} per call.", "",
             "| game | commands | instructions per command | gRPC calls per command | per command / per echo call | "
             "per gRPC call / per echo call |", "|---|---|---|---|---|---|"]
    for game, row in counted["games"].items():
        lines.append(f"| {game} ({row['players']} players) | {row['commands']} | {row['per_command']:,} | "
                     f"{row['calls_per_command']} | {row['per_command_over_echo_call']} | {row['per_call_over_echo_call']} |")
    pushed = counted.get("pushed")
    if pushed:
        lines += ["", f"Pushed seats (the peer's shape: {pushed['game']}, {pushed['players']} players, "
                  "every seat following a Watch stream, no GetView): "
                  f"{pushed['per_command']:,} instructions per command, every seat's update included "
                  f"({pushed['per_command_over_echo_call']} echo calls; "
                  f"{pushed['commands']} commands, {pushed['raced']} refused as raced)."]
    return lines


def markdown(results: dict[str, Any], json_name: str) -> str:
    meta = results["meta"]
    machine = meta["machine"]
    lines = [
        f"Run of {meta['started']} ({meta['size']} sizes{', ' + meta['label'] if meta.get('label') else ''}), "
        f"results in `bench/results/{json_name}`. Machine: {machine['cores']} cores, {machine['cpu_model']}, "
        f"{machine['memory_gib']} GiB; Python {machine['python']}, grpcio {machine['grpcio']}, protobuf "
        f"{machine['protobuf']}, eventsourcing {machine['eventsourcing']}, SQLite {machine['sqlite']}, "
        f"Node {machine['node']}; load average at start {machine['load_average_at_start']}.",
        "",
        "| target | value | goal | met |",
        "|---|---|---|---|",
        *(f"| {row['target']} | {_fmt(row['value'])} | {row['goal']} | "
          f"{'-' if row['goal'] == '-' else 'yes' if row['met'] else '**no**'} |"
          for row in results["targets"]),
        "",
        "| load | calls or commands/s | p50 ms | p99 ms | server CPU s | load CPU s |",
        "|---|---|---|---|---|---|",
    ]
    echo_runs = [(f"echo, {label}", run) for label, run in (_get(results, "baseline", "echo") or {}).items()]
    echo_runs += [(f"echo again after Kennel, {label}", run)
                  for label, run in (_get(results, "commands", "echo_after") or {}).items()]
    for name, run in echo_runs:
        call = run.get("call", {})
        lines.append(f"| {name} | {_fmt(call.get('per_second'))} | {_fmt(call.get('p50_ms'))} | "
                     f"{_fmt(call.get('p99_ms'))} | {_fmt(run.get('server_cpu_s'))} | {_fmt(run.get('load_cpu_s'))} |")
    for game, runs in sorted((_get(results, "commands") or {}).items()):
        if game == "echo_after" or not isinstance(runs, dict):
            continue
        for label, run in runs.items():
            command = run.get("command", {})
            lines.append(f"| {game} ({run['players']} players), {label} | {_fmt(command.get('per_second'))} | "
                         f"{_fmt(command.get('p50_ms'))} | {_fmt(command.get('p99_ms'))} | "
                         f"{_fmt(run.get('server_cpu_s'))} | {_fmt(run.get('load_cpu_s'))} |")
    lines += _instructions(results.get("instructions"))
    replay = results.get("replay")
    if replay:
        lines += ["", f"Replay over {replay['logs']} logs, {replay['bytes'] / 2**20:.1f} MiB: raw read-and-decode "
                  f"{_fmt(replay['raw_decode']['events_per_second'])} events/s, fold "
                  f"{_fmt(replay['fold']['events_per_second'])} events/s, verify "
                  f"{_fmt(replay['verify']['events_per_second'])} events/s (one core each)."]
    startup = results.get("startup")
    if startup:
        best = startup["full_store_best"]
        lines += ["", f"Start-up with {startup['store']['games']:,} finished games ({startup['store']['records']:,} records, "
                  f"{startup['store']['store_mib']} MiB): first answer after {best['first_answer_s']} s "
                  f"(empty store: {startup['empty_store']['first_answer_s']} s), first view of a stored game after "
                  f"{best.get('first_view_s')} s."]
    lines += _floors(results.get("floors"))
    fan = results.get("fanout")
    if fan:
        lines += ["", f"Fan-out, {fan['watchers']:,} watchers, {fan['commands']} commands: acknowledgement to delivery "
                  f"p50 {fan['ack_to_delivery']['p50_ms']} ms, p99 {fan['ack_to_delivery']['p99_ms']} ms; send to "
                  f"delivery p50 {fan['send_to_delivery']['p50_ms']} ms, p99 {fan['send_to_delivery']['p99_ms']} ms; "
                  f"{fan['missing_deliveries']} missing."]
    peer = results.get("peer")
    if peer and "skipped" not in peer:
        shape = peer["shape"]
        kennel = peer["kennel_sqlite_durable"]
        lines += ["", f"Beside boardgame.io ({shape['game']}, {shape['players']} players, "
                  f"{shape['inflight']} matches in flight; CPU per move: each process's CPU seconds over its "
                  "whole run, warm-up and game set-up included, over every move it made):", "",
                  "| server | moves/s | p50 ms | p99 ms | server CPU us a move | load CPU us a move |",
                  "|---|---|---|---|---|---|"]
        runs = [("Kennel, SQLite, durable acks (ack latency), seats ask for stale views", kennel)]
        if kennel.get("pushed"):
            runs.append(("Kennel, the same, seats pushed by a Watch stream each (the peer's shape)",
                         kennel["pushed"]))
        for label, run in runs:
            command = run.get("command") or {}
            lines.append(f"| {label} | {_fmt(command.get('per_second'))} | {_fmt(command.get('p50_ms'))} | "
                         f"{_fmt(command.get('p99_ms'))} | "
                         f"{_per_move(run.get('server_cpu_s'), run.get('commands_all'))} | "
                         f"{_per_move(run.get('load_loop_cpu_s'), run.get('commands_all'))} |")
        for run in peer["boardgameio"]:
            latency = run.get("latency_ms") or {}
            raw = run.get("raw") or {}
            lines.append(f"| boardgame.io {run.get('storage')} | {_fmt(run.get('moves_per_s'))} | "
                         f"{_fmt(latency.get('p50'))} | {_fmt(latency.get('p99'))} | "
                         f"{_per_move(raw.get('server_cpu_s'), run.get('moves'))} | "
                         f"{_per_move(run.get('driver_cpu_s'), run.get('moves'))} |")
    elif peer:
        lines += ["", f"boardgame.io peer skipped: {peer['skipped']}."]
    shards = results.get("shards")
    if shards and "skipped" not in shards:
        first = shards["group_commit"]["1"]
        lines += ["", f"PostgreSQL write throughput (bench.shards: {first['processes']} processes like replicas, "
                  f"{first['concurrency']} bots deciding and appending through GameHub):", "",
                  "| appends | 1 shard, commands/s | 4 shards, commands/s | 4 to 1 |", "|---|---|---|---|"]
        for mode, label in (("group_commit", "group commit (the server's default)"),
                            ("one_per_transaction", "one transaction per command")):
            run = shards[mode]
            lines.append(f"| {label} | {_fmt(run['1']['commands_per_second'])} | "
                         f"{_fmt(run['4']['commands_per_second'])} | {run['ratio_4_to_1']} |")
        database = shards.get("database_only")
        if database and "skipped" not in database:
            lines += ["", f"The database side alone (bench.shards.database_only: {database['1']['clients']} pgbench "
                      "clients calling the shards' insert function, then NOTIFY, one small append each):", "",
                      "| 1 shard, transactions/s | 4 shards, transactions/s | 4 to 1 |", "|---|---|---|",
                      f"| {_fmt(database['1']['transactions_per_second'])} | "
                      f"{_fmt(database['4']['transactions_per_second'])} | {database['ratio_4_to_1']} |"]
        elif database:
            lines += ["", f"The database side alone skipped: {database['skipped']}."]
    elif shards:
        lines += ["", f"PostgreSQL shards skipped: {shards['skipped']}."]
    lines += _workers(results.get("workers"))
    return "\n".join(lines)


def _workers(workers: dict[str, Any] | None) -> list[str]:
    """`kennel serve --workers N`: commands/s with 1 and 2 workers, and each worker's share of a core."""
    if not workers:
        return []
    lines = ["", f"`kennel serve --workers N` ({workers['game']}, {workers['sqlite']['1']['inflight']} games in flight "
             f"over {workers['sqlite']['1']['channels']} connections, {workers['cores']} cores; a worker's share of "
             "a core is its CPU seconds over the run's wall time):", "",
             "| store | workers | commands/s | p50 ms | p99 ms | each worker's share of a core | load CPU s | 2 to 1 |",
             "|---|---|---|---|---|---|---|---|"]
    for store in ("sqlite", "postgresql"):
        runs = workers.get(store)
        if not runs or "skipped" in runs:
            lines.append(f"| {store} | skipped: {runs['skipped'] if runs else 'not run'} | | | | | | |")
            continue
        for count in ("1", "2"):
            run = runs[count]
            shares = ", ".join(f"{share:.2f}" for share in run["worker_core_share"])
            lines.append(f"| {store} | {count} | {_fmt(run['commands_per_second'])} | {_fmt(run['p50_ms'])} | "
                         f"{_fmt(run['p99_ms'])} | {shares} | {_fmt(run['load_cpu_s'])} | "
                         f"{_fmt(runs['ratio_2_to_1']) if count == '2' else ''} |")
    return lines


def update_docs(path: Path, table: str) -> None:
    """Put `table` between the bench marks of `path` (appended with the marks if they are missing)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    block = f"{BEGIN}\n{table}\n{END}"
    if BEGIN in text and END in text:
        text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END), lambda _: block, text, flags=re.DOTALL)
    else:
        text = text.rstrip("\n") + ("\n\n" if text else "") + block + "\n"
    path.write_text(text, encoding="utf-8")


def compare(before: dict[str, Any], after: dict[str, Any]) -> str:
    """A Markdown table of two runs' target values side by side (`python -m bench.compare`)."""
    rows = {row["target"]: row for row in before["targets"]}
    lines = [
        f"| target | before ({before['meta']['started']}) | after ({after['meta']['started']}) | goal |",
        "|---|---|---|---|",
    ]
    for row in after["targets"]:
        old = rows.get(row["target"], {}).get("value")
        lines.append(f"| {row['target']} | {_fmt(old)} | {_fmt(row['value'])} | {row['goal']} |")
    many = f"inflight_{after['meta']['sizes']['inflight']}"
    lines += ["", "| load | before: commands/s, p50 ms, p99 ms | after: commands/s, p50 ms, p99 ms |", "|---|---|---|"]
    for game, runs in sorted((_get(after, "commands") or {}).items()):
        if game == "echo_after" or not isinstance(runs, dict):
            continue
        for label in ("sequential", many):
            cells = []
            for result in (before, after):
                command = _get(result, "commands", game, label, "command") or {}
                cells.append(f"{_fmt(command.get('per_second'))}, {_fmt(command.get('p50_ms'))}, {_fmt(command.get('p99_ms'))}")
            lines.append(f"| {game}, {label} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)
