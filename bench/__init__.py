"""`make bench` / `python -m bench`: Kennel's speed as ratios to baselines measured in the same run.

Each measurement is a module of its own (echo, commands, replaying, memory, fanout, startup,
peer); `bench.run` runs them in turn, `bench.report` turns the results into ratios against the
targets of docs/performance.md. Load generators run in processes of their own (`bench.load`),
apart from the server they load (`kennel serve`, started as a user would start it).
"""
