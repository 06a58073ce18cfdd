#!/usr/bin/env python3
"""Splits the SQLite export of one Nsight Systems session over several processes into one export per
process that launched kernels, as separate nodes would have written them (one `nsys profile` per node):

    split_nsys_session.py SESSION.sqlite OUT_DIR [--hosts node-a,node-b] [--shift-ns NS]

Each output (OUT_DIR/node<i>.sqlite, i in the order of the processes' first GPU) keeps the rows of its
process in every table that names a process or thread (globalTid, globalPid, pid, processId) and the rows
that name none (strings, schemas, GPUs, the session's metadata). `--hosts` writes each node's host name
(TARGET_INFO_SYSTEM_ENV.Hostname); `--shift-ns NS` moves node i's clock by i x NS (every start, end and
timestamp), as another node's clock would differ. Python's sqlite3 only; used by tests/core/tst_ranks.cpp
(docs/ranks.md, "Several nodes").
"""
import argparse
import os
import shutil
import sqlite3
import sys

PROCESS_COLUMNS = ("globalTid", "globalPid", "pid", "processId")
TIME_COLUMNS = ("start", "end", "timestamp")


def pid_of(value, column):
    if value is None:
        return None
    return (int(value) >> 24) & 0xFFFFFF if column in ("globalTid", "globalPid") else int(value)


def kernel_processes(db):
    """The processes that launched kernels, ordered by the first GPU each drove: [(pid, gpu)]."""
    first = {}
    for global_pid, device in db.execute("SELECT globalPid, deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL"):
        pid = pid_of(global_pid, "globalPid")
        first[pid] = min(first.get(pid, device), device)
    return sorted(first.items(), key=lambda item: (item[1], item[0]))


def tables_of(db):
    return [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def columns_of(db, table):
    return [row[1] for row in db.execute('PRAGMA table_info("%s")' % table)]


def keep_process(db, pid):
    db.create_function("pid_of", 2, pid_of)
    for table in tables_of(db):
        for column in columns_of(db, table):
            if column in PROCESS_COLUMNS:
                db.execute('DELETE FROM "%s" WHERE "%s" IS NOT NULL AND pid_of("%s", ?) != ?' % (table, column, column),
                           (column, pid))


def shift_clock(db, shift_ns):
    for table in tables_of(db):
        if table.startswith(("ENUM_", "TARGET_INFO_", "META_DATA_")):
            continue
        for column in columns_of(db, table):
            if column in TIME_COLUMNS:
                db.execute('UPDATE "%s" SET "%s" = "%s" + ? WHERE "%s" IS NOT NULL' % (table, column, column, column),
                           (shift_ns,))


def set_host(db, host):
    if "TARGET_INFO_SYSTEM_ENV" in tables_of(db):
        db.execute("UPDATE TARGET_INFO_SYSTEM_ENV SET value = ? WHERE name = 'Hostname'", (host,))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("session")
    p.add_argument("out_dir")
    p.add_argument("--hosts", default="", help="comma-separated host names, one per node")
    p.add_argument("--shift-ns", type=int, default=0, help="node i's clock moved by i x NS")
    args = p.parse_args(argv)
    with sqlite3.connect(args.session) as db:
        processes = kernel_processes(db)
    if len(processes) < 2:
        sys.exit("%s: %d process(es) launched kernels: nothing to split" % (args.session, len(processes)))
    hosts = [h for h in args.hosts.split(",") if h]
    os.makedirs(args.out_dir, exist_ok=True)
    for i, (pid, gpu) in enumerate(processes):
        out = os.path.join(args.out_dir, "node%d.sqlite" % i)
        shutil.copyfile(args.session, out)
        db = sqlite3.connect(out)
        keep_process(db, pid)
        if args.shift_ns:
            shift_clock(db, i * args.shift_ns)
        if i < len(hosts):
            set_host(db, hosts[i])
        db.commit()
        db.execute("VACUUM")
        db.close()
        print("%s: process %d (GPU %d)%s" % (out, pid, gpu, ", host " + hosts[i] if i < len(hosts) else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
