#!/usr/bin/env python3
"""Writes the bad-input corpus of tests/badinput/ from the real fixtures: each case is a real file cut
down, then damaged the way files met in practice are (truncated, renamed, hand-edited, written by a
newer tool...). MANIFEST, written by hand, says what OpScope must answer for each; tst_bad_input checks it.

usage: tests/badinput/make-badinput.py FIXTURES OPSCOPE_BINARY
  (OPSCOPE_BINARY converts a small trace into the .opscope base file.) Rerunning rewrites every case.

The hostile cases at the end (docs/reliability.md) are files and folders crafted against OpScope rather
than damaged by accident: JSON nested 100 000 deep, SQLite views where tables belong, a gzip bomb, run
folders whose manifest points outside them or names someone else's programs, totals that overflow.
"""
import csv
import glob
import gzip
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

FIXTURES, OPSCOPE = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))


def fixture(rel):
    return os.path.join(FIXTURES, rel)


def out(name):
    return os.path.join(HERE, name)


def write(name, data):
    with open(out(name), 'wb' if isinstance(data, bytes) else 'w') as f:
        f.write(data)


def read(rel, mode='r'):
    with open(fixture(rel), mode) as f:
        return f.read()


# ---- Empty and wrong-format files behind a right extension ----
for ext in ['json', 'csv', 'sqlite', 'opscope', 'nsys-rep']:
    write(f'empty.{ext}', b'')
write('empty.json.gz', gzip.compress(b'', mtime=0))
write('whitespace.json', '\n   \n\t\n')
# A PNG (its signature and header chunk) named like a trace.
write('png_as.json', bytes.fromhex('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61') + b'\0' * 64)
write('html_as.json', '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>\n')
write('text_as.sqlite', 'this is a note, not a database\n' * 20)
write('binary_as.csv', bytes(range(256)) * 8)
write('json_not_trace.json', json.dumps({'model': 'gpt', 'layers': 12}))
write('truncated_sqlite_header.sqlite', b'SQLite format 3\0' + b'\x10\x00\x01\x01')
# A real torch.profiler trace saved under OpScope's extension: content decides, it loads.
shutil.copyfile(fixture('public/kineto/HolisticTraceAnalysis__triton_example.json'), out('kineto_as.opscope'))
# An SQLite database of another program.
other = out('other_app.opscope')
if os.path.exists(other):
    os.remove(other)
con = sqlite3.connect(other)
con.execute('PRAGMA page_size = 1024')
con.execute('CREATE TABLE contacts (name TEXT, phone TEXT)')
con.execute("INSERT INTO contacts VALUES ('Ada', '555-0100')")
con.commit()
con.close()

# ---- torch.profiler (Kineto) JSON: HTA's event_sync trace (4 kernels, 10 cpu_op, syncs, a memcpy) ----
kineto_base = json.loads(read('public/kineto/HolisticTraceAnalysis__event_sync_trace.json'))
kineto_base.pop('INFO', None)
kineto_text = json.dumps(kineto_base, indent=1)


def kineto_variant(name, change):
    doc = json.loads(kineto_text)
    change(doc)
    write(name, json.dumps(doc, indent=1))


def kernels(doc):
    return [e for e in doc['traceEvents'] if e.get('cat') == 'kernel']


def zero_and_negative(doc):
    ks = kernels(doc)
    ks[0]['dur'] = 0
    ks[1]['dur'] = -5


def duplicate_correlation(doc):
    for k in kernels(doc):
        k['args']['correlation'] = kernels(doc)[0]['args']['correlation']
        k['args']['External id'] = kernels(doc)[0]['args']['External id']


def unbalanced_annotation(doc):
    # A record_function written as begin/end events, one begin with no end.
    ann = next(e for e in doc['traceEvents'] if e.get('cat') == 'user_annotation')
    begin = {k: v for k, v in ann.items() if k != 'dur'}
    begin['ph'] = 'B'
    doc['traceEvents'].append(begin)


def nan_times(doc):
    ks = kernels(doc)
    ks[0]['ts'] = 'n/a'
    ks[1]['dur'] = 'NaN'


write('kineto_truncated.json', kineto_text[:int(len(kineto_text) * 0.6)])
write('kineto_truncated_head.json', kineto_text[:300])
write('kineto_truncated.json.gz', gzip.compress(kineto_text.encode(), mtime=0)[:1500])
kineto_variant('kineto_zero_negative_dur.json', zero_and_negative)
kineto_variant('kineto_unsorted.json', lambda d: d['traceEvents'].reverse())
kineto_variant('kineto_duplicate_correlation.json', duplicate_correlation)
kineto_variant('kineto_unbalanced_annotation.json', unbalanced_annotation)
kineto_variant('kineto_future_schema.json', lambda d: d.update(schemaVersion=99))
kineto_variant('kineto_nan_times.json', nan_times)
# A kernel name of 16 MiB (a template instantiation gone wild), gzipped to a few KB.
huge = json.loads(kineto_text)
kernels(huge)[0]['name'] = 'void kernel<' + 'T' * (16 << 20) + '>()'
write('kineto_huge_name.json.gz', gzip.compress(json.dumps(huge).encode(), 9, mtime=0))
# Python's json module writes NaN for a float nan: not JSON, but real files have it.
write('kineto_nan_literal.json', kineto_text.replace('"dur": 1,', '"dur": NaN,', 1))

# ---- ONNX Runtime JSON ----
ort = read('public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json')
write('ort_truncated.json', ort[:int(len(ort) * 0.6)])
ort_events = json.loads(ort)
ort_events[3]['dur'] = -1702
ort_events[4]['ts'] = ort_events[2]['ts'] - 1000
# ORT's own layout: one event per line.
write('ort_negative_dur.json', '[\n' + ',\n'.join(json.dumps(e) for e in ort_events) + '\n]\n')
# The same profile re-saved by Python's json.dump: valid JSON on one line.
write('ort_one_line.json', json.dumps(json.loads(ort)))
write('ort_object.json', json.dumps({'cat': 'Session', 'events': ort_events[:3]}))

# ---- Operator Profiler profile.json: the embedding_projection example, first operators ----
prof = json.loads(read('public/operator_profiler/embedding_projection/profile.json'))
prof['operators'] = prof['operators'][:2]
prof['warnings'] = prof['warnings'][:2]
prof_text = json.dumps(prof, indent=1)


def prof_variant(name, change):
    doc = json.loads(prof_text)
    change(doc)
    write(name, json.dumps(doc, indent=1))


def negative_kernel(doc):
    k = doc['operators'][0]['kernels'][0]
    k['end_ns'] = k['start_ns'] - 100
    k['duration_ns'] = -100


write('profile_truncated.json', prof_text[:int(len(prof_text) * 0.5)])
prof_variant('profile_future_schema.json', lambda d: d.update(schema_version='9.0'))
prof_variant('profile_negative_duration.json', negative_kernel)
write('profile_nan_literal.json', prof_text.replace(': 0,', ': NaN,', 1))

# ---- Nsight Compute CSV: the mlp raw page, launch columns and a few metrics, 3 kernels ----
raw = list(csv.reader(io.StringIO(read('h100/mlp_bf16_infer/ncu_raw.csv'))))
keep = [i for i, name in enumerate(raw[0])
        if i < 13 or name.startswith(('gpu__time_duration.sum', 'dram__bytes.sum.per_second', 'launch__registers',
                                      'sm__throughput.avg.pct', 'dram__bytes.avg.per_second'))]
ncu_rows = [[row[i] for i in keep] for row in raw[:5]]


def ncu_text(rows):
    buf = io.StringIO()
    csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator='\n').writerows(rows)
    return buf.getvalue()


def metric_col(name):
    return next(i for i, h in enumerate(ncu_rows[0]) if h.startswith(name))


ncu_base = ncu_text(ncu_rows)
write('ncu_truncated.csv', ncu_base[:len(ncu_base) - 200])
write('ncu_header_only.csv', ncu_text(ncu_rows[:1]))
write('ncu_no_units.csv', ncu_text(ncu_rows[:1] + ncu_rows[2:]))
nan_rows = [list(r) for r in ncu_rows]
nan_rows[2][metric_col('gpu__time_duration.sum')] = 'n/a'
nan_rows[3][metric_col('dram__bytes.sum.per_second')] = 'nan'
nan_rows[4][metric_col('sm__throughput.avg.pct')] = 'NaN'
nan_rows[4][metric_col('dram__bytes.avg.per_second')] = 'inf'
write('ncu_nan_na.csv', ncu_text(nan_rows))
ragged = [list(r) for r in ncu_rows]
ragged[3] = ragged[3][:9]
write('ncu_ragged_row.csv', ncu_text(ragged))
dup = [list(r) for r in ncu_rows]
dup[3][0] = dup[2][0]
write('ncu_duplicate_id.csv', ncu_text(dup))

# ---- nsys stats NVTX trace CSV ----
stats = read('public/nsys/pipit__nbody-nvtx_trace.csv').splitlines(keepends=True)
write('stats_truncated.csv', ''.join(stats[:8]) + stats[8][:20])
# A range whose end is missing (the process died inside it) and one ending before it starts.
no_end = list(stats[:10])
fields = no_end[3].split(',')
fields[1] = ''
no_end[3] = ','.join(fields)
fields = no_end[4].split(',')
fields[1] = str(int(fields[0]) - 10)
no_end[4] = ','.join(fields)
write('stats_range_without_end.csv', ''.join(no_end))

# ---- Nsight Systems SQLite: 8 kernels of the mlp capture, their launches, the NVTX ranges around them ----
KEEP_TABLES = ('StringIds', 'ThreadNames', 'ANALYSIS_DETAILS', 'CUPTI_ACTIVITY_KIND_KERNEL',
               'CUPTI_ACTIVITY_KIND_RUNTIME', 'NVTX_EVENTS', 'TARGET_INFO_GPU', 'TARGET_INFO_CUDA_GPU',
               'META_DATA_EXPORT', 'EXPORT_META_DATA', 'ENUM_NSYS_EVENT_TYPE', 'PROCESSES')


def nsys_base(path):
    src = sqlite3.connect(f"file:{fixture('h100/mlp_bf16_infer/nsys.sqlite')}?mode=ro", uri=True)
    if os.path.exists(path):
        os.remove(path)
    dst = sqlite3.connect(path)
    dst.execute('PRAGMA page_size = 1024')
    for name, sql in src.execute("SELECT name, sql FROM sqlite_master WHERE type='table'"):
        if name in KEEP_TABLES:
            dst.execute(sql)
    capture = src.execute("SELECT start, end FROM NVTX_EVENTS WHERE text = 'CAPTURE'").fetchone()
    ks = src.execute('SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE start >= ? ORDER BY start LIMIT 8',
                     (capture[0],)).fetchall()
    cols = [r[1] for r in src.execute('PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)')]
    corr = [k[cols.index('correlationId')] for k in ks]
    rt = src.execute(f"SELECT * FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE correlationId IN ({','.join('?' * len(corr))})",
                     corr).fetchall()
    rt_cols = [r[1] for r in src.execute('PRAGMA table_info(CUPTI_ACTIVITY_KIND_RUNTIME)')]
    first, last = min(r[rt_cols.index('start')] for r in rt), max(r[rt_cols.index('end')] for r in rt)
    nvtx = src.execute('SELECT * FROM NVTX_EVENTS WHERE start <= ? AND (end >= ? OR end IS NULL)',
                       (last, first)).fetchall()
    for table, rows in [('CUPTI_ACTIVITY_KIND_KERNEL', ks), ('CUPTI_ACTIVITY_KIND_RUNTIME', rt),
                        ('NVTX_EVENTS', nvtx)]:
        dst.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(rows[0]))})', rows)
    referenced = {v for rows in (ks, rt, nvtx) for row in rows for v in row if isinstance(v, int)}
    for table in KEEP_TABLES:
        if table in ('StringIds', 'CUPTI_ACTIVITY_KIND_KERNEL', 'CUPTI_ACTIVITY_KIND_RUNTIME', 'NVTX_EVENTS'):
            continue
        rows = src.execute(f'SELECT * FROM {table}').fetchall() if dst.execute(
            "SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone() else []
        if rows:
            dst.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(rows[0]))})', rows)
            referenced.update(v for row in rows for v in row if isinstance(v, int))
    src.text_factory = bytes
    for sid, value in src.execute('SELECT id, value FROM StringIds'):
        if sid in referenced and len(value) < 400:
            dst.execute('INSERT INTO StringIds VALUES (?, ?)', (sid, value.decode('utf-8', 'replace')))
    dst.commit()
    dst.execute('VACUUM')
    dst.close()


def nsys_variant(name, *statements):
    path = out(name)
    nsys_base(path)
    con = sqlite3.connect(path)
    for sql in statements:
        con.execute(sql)
    con.commit()
    con.execute('VACUUM')
    con.close()


KERNELS = 'CUPTI_ACTIVITY_KIND_KERNEL'
nsys_variant('nsys_base.sqlite')
nsys_variant('nsys_zero_negative_kernel.sqlite',
             f'UPDATE {KERNELS} SET end = start WHERE rowid = (SELECT min(rowid) FROM {KERNELS})',
             f'UPDATE {KERNELS} SET end = start - 1000 WHERE rowid = (SELECT max(rowid) FROM {KERNELS})')
nsys_variant('nsys_range_without_end.sqlite',
             "UPDATE NVTX_EVENTS SET end = NULL WHERE rowid IN (SELECT rowid FROM NVTX_EVENTS "
             "WHERE eventType = 59 AND text IS NOT NULL AND text != 'CAPTURE' ORDER BY start DESC LIMIT 2)")
# Push/pop ranges that cross instead of nesting (a pop from the wrong range): the innermost range now
# ends after its parent.
nsys_variant('nsys_unbalanced_pushpop.sqlite',
             "UPDATE NVTX_EVENTS SET end = (SELECT max(end) FROM NVTX_EVENTS) + 5000 WHERE rowid = "
             "(SELECT rowid FROM NVTX_EVENTS WHERE eventType = 59 ORDER BY start DESC LIMIT 1)")
nsys_variant('nsys_unsorted.sqlite',
             f'CREATE TABLE k AS SELECT * FROM {KERNELS} ORDER BY start DESC', f'DELETE FROM {KERNELS}',
             f'INSERT INTO {KERNELS} SELECT * FROM k', 'DROP TABLE k',
             'CREATE TABLE n AS SELECT * FROM NVTX_EVENTS ORDER BY start DESC', 'DELETE FROM NVTX_EVENTS',
             'INSERT INTO NVTX_EVENTS SELECT * FROM n', 'DROP TABLE n')
nsys_variant('nsys_duplicate_correlation.sqlite',
             f'UPDATE {KERNELS} SET correlationId = (SELECT min(correlationId) FROM {KERNELS})',
             'UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET correlationId = '
             f'(SELECT min(correlationId) FROM {KERNELS})')
nsys_variant('nsys_future_schema.sqlite',
             "UPDATE META_DATA_EXPORT SET value = '99.0.0' WHERE name = 'EXPORT_SCHEMA_VERSION'")
nsys_variant('nsys_no_stringids.sqlite', 'DROP TABLE StringIds')
nsys_variant('nsys_dangling_string.sqlite', f'UPDATE {KERNELS} SET demangledName = 987654321, shortName = -7')
nsys_variant('nsys_text_in_numbers.sqlite',
             f"UPDATE {KERNELS} SET start = 'n/a' WHERE rowid = (SELECT min(rowid) FROM {KERNELS})",
             f"UPDATE {KERNELS} SET end = '' WHERE rowid = (SELECT max(rowid) FROM {KERNELS})")
nsys_variant('nsys_extreme_times.sqlite',
             f'UPDATE {KERNELS} SET start = -9223372036854775808, end = 9223372036854775807 '
             f'WHERE rowid = (SELECT min(rowid) FROM {KERNELS})')
with open(out('nsys_base.sqlite'), 'rb') as f:
    base = f.read()
write('nsys_truncated.sqlite', base[:len(base) * 6 // 10])
# Compressed exports, as they come off a cluster's scratch space: gzip is read through a decompressed
# copy, a cut gzip stream and zstd (zstd's own command, -19, no checksum of the name) are named.
gzipped = gzip.compress(base, 9, mtime=0)
write('nsys_gzipped.sqlite.gz', gzipped)
write('nsys_gzip_truncated.sqlite.gz', gzipped[:len(gzipped) // 2])
write('nsys_zstd.sqlite.zst', subprocess.run(['zstd', '-19', '-q', '-c'], input=base, check=True,
                                             stdout=subprocess.PIPE).stdout)
os.remove(out('nsys_base.sqlite'))

# ---- OpScope files: the HTA event_sync trace converted by OpScope itself ----
with tempfile.TemporaryDirectory() as tmp:
    saved = os.path.join(tmp, 'base.opscope')
    subprocess.run([OPSCOPE, 'convert', fixture('public/kineto/HolisticTraceAnalysis__event_sync_trace.json'),
                    saved], check=True, stdout=subprocess.DEVNULL)
    with open(saved, 'rb') as f:
        opscope = f.read()

    def opscope_variant(name, *statements):
        path = out(name)
        with open(path, 'wb') as f:
            f.write(opscope)
        con = sqlite3.connect(path)
        for sql in statements:
            con.execute(sql)
        con.commit()
        con.close()

    opscope_variant('opscope_future_version.opscope', 'PRAGMA user_version = 99')
    opscope_variant('opscope_broken_reference.opscope', 'UPDATE kernels SET op = 12345 WHERE row = 0')
    opscope_variant('opscope_missing_table.opscope', 'DROP TABLE kernels')
    write('opscope_truncated.opscope', opscope[:len(opscope) // 2])
    # Bytes of the kernels table overwritten (a bad sector, a partial copy): a page of garbage.
    con = sqlite3.connect(saved)
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'kernels'").fetchone()[0]
    page_size = con.execute('PRAGMA page_size').fetchone()[0]
    con.close()
    damaged = bytearray(opscope)
    start = (root - 1) * page_size
    damaged[start + 8:start + 200] = bytes((i * 37 + 11) & 0xFF for i in range(192))
    write('opscope_damaged_page.opscope', bytes(damaged))

    # ---- Hostile .opscope files: views where tables belong, WAL mode ----
    # kernels as an endlessly recursive view (a read of it never ends) and as a 1000 x 1000 cross join
    # (a million kernels out of a few KB): OpScope writes tables only, so both are refused unread.
    kernel_columns = [r[1] for r in sqlite3.connect(saved).execute('PRAGMA table_info(kernels)')]
    endless = ', '.join(['x AS row'] + ['0 AS ' + c for c in kernel_columns if c != 'row'])
    opscope_variant('opscope_recursive_view.opscope', 'DROP TABLE kernels',
                    'CREATE VIEW kernels AS WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM r) '
                    f'SELECT {endless} FROM r')
    opscope_variant('opscope_cross_join_view.opscope', 'ALTER TABLE kernels RENAME TO kernel_rows',
                    'CREATE TABLE thousand (n INTEGER)',
                    'WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM r LIMIT 1000) '
                    'INSERT INTO thousand SELECT x FROM r',
                    'CREATE VIEW kernels AS SELECT ' +
                    ', '.join(['a.n * 1000 + b.n AS row'] + ['k.' + c for c in kernel_columns if c != 'row']) +
                    ' FROM (SELECT * FROM kernel_rows LIMIT 1) k, thousand a, thousand b')
    # A WAL-mode profile whose last transaction is still in its -wal file (the writer was killed before the
    # checkpoint): read through a checkpointed copy, and nothing is written beside it (no -shm).
    for leftover in glob.glob(out('opscope_wal.opscope*')):
        os.remove(leftover)
    wal_source = os.path.join(tmp, 'wal.opscope')
    with open(wal_source, 'wb') as f:
        f.write(opscope)
    con = sqlite3.connect(wal_source)
    con.execute('PRAGMA journal_mode = WAL')
    con.execute('PRAGMA wal_autocheckpoint = 0')
    con.execute("UPDATE metadata SET value = 'written in WAL mode' WHERE row = (SELECT min(row) FROM metadata)")
    con.commit()
    shutil.copyfile(wal_source, out('opscope_wal.opscope'))
    shutil.copyfile(wal_source + '-wal', out('opscope_wal.opscope-wal'))
    con.close()


# ---- Hostile inputs: crafted against OpScope rather than damaged by accident ----
def nested(depth):
    """A JSON value nested `depth` arrays deep, as text (Python's json cannot write it: it recurses)."""
    return '[' * depth + ']' * depth


# JSON nested 100 000 deep where a trace, a profile or an ONNX Runtime event has a free-form value: the
# value is left out with a warning, the rest of the file loads.
deep = json.loads(kineto_text)
deep['distributedInfo'] = {'rank': 0, 'pg_config': 'DEEP'}
write('kineto_deep_pg_config.json', json.dumps(deep, indent=1).replace('"DEEP"', nested(100000)))
ort_deep = json.loads(ort)
node = next(e for e in ort_deep if e.get('name', '').endswith('_kernel_time'))
node['args']['input_type_shape'] = 'DEEP'
write('ort_deep_args.json',
      '[\n' + ',\n'.join(json.dumps(e) for e in ort_deep).replace('"DEEP"', nested(100000)) + '\n]\n')
prof_deep = json.loads(prof_text)
prof_deep['capture_metadata']['model_config'] = 'DEEP'
write('profile_deep_metadata.json', json.dumps(prof_deep, indent=1).replace('"DEEP"', nested(100000)))

# Totals that overflow int64: two kernels of 5e15 us each (158 years), whose sum wrapped to a negative time.
def long_kernels(doc):
    for k in kernels(doc)[:2]:
        k['dur'] = 5000000000000000


kineto_variant('kineto_overflow_totals.json', long_kernels)

# nsys exports with views where tables belong: StringIds endlessly recursive, the kernel table a cross join;
# and a table with a computed column, which SQLite evaluates on every read.
nsys_variant('nsys_recursive_stringids.sqlite', 'DROP TABLE StringIds',
             'CREATE VIEW StringIds AS WITH RECURSIVE r(id) AS (SELECT 0 UNION ALL SELECT id + 1 FROM r) '
             "SELECT id, 'x' AS value FROM r")
nsys_variant('nsys_cross_join_kernels.sqlite', f'ALTER TABLE {KERNELS} RENAME TO k',
             'CREATE TABLE thousand (n INTEGER)',
             'WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM r LIMIT 1000) '
             'INSERT INTO thousand SELECT x FROM r',
             f'CREATE VIEW {KERNELS} AS SELECT k.* FROM k, thousand a, thousand b')
nsys_variant('nsys_generated_column.sqlite', 'ALTER TABLE StringIds RENAME TO s',
             'CREATE TABLE StringIds (id INTEGER PRIMARY KEY, raw TEXT, '
             "value TEXT GENERATED ALWAYS AS (raw || length(hex(zeroblob(100000000)))) VIRTUAL)",
             'INSERT INTO StringIds (id, raw) SELECT id, value FROM s', 'DROP TABLE s')

# A gzip bomb: an nsys export followed by 200 MiB of zeros, 1000:1 (a few hundred KB); and a profile.json
# followed by 200 MiB of spaces (valid JSON).
nsys_base(out('nsys_bomb_base.sqlite'))
with open(out('nsys_bomb_base.sqlite'), 'rb') as f:
    bomb_db = f.read()
os.remove(out('nsys_bomb_base.sqlite'))
write('nsys_gzip_bomb.sqlite.gz', gzip.compress(bomb_db + bytes(200 << 20), 9, mtime=0))
write('profile_gzip_bomb.json.gz', gzip.compress(prof_text.encode() + b' ' * (200 << 20), 9, mtime=0))


# Run folders someone sent: a manifest that points outside the folder (the importer would read any file of
# this machine), names programs and environment of someone else's choosing, lacks keys, has keys of the
# wrong type, or nests 50 000 deep; a sweep whose profile lies outside it.
def run_folder(name, manifest, files=None):
    folder = out(name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    base = {'format': 'opscope-run', 'version': 1, 'name': name, 'created_utc': '2026-01-01T00:00:00Z',
            'host': 'elsewhere', 'stages': [], 'replays': [], 'counts': {}}
    base.update(manifest)
    text = json.dumps(base, indent=2)
    with open(os.path.join(folder, 'manifest.json'), 'w') as f:
        f.write(text.replace('"DEEP"', nested(50000)))
    for rel, content in (files or {}).items():
        with open(os.path.join(folder, rel), 'w') as f:
            f.write(content)
    return folder


WORKLOAD = {'script': '/srv/train.py', 'args': [], 'working_directory': '', 'python': '/usr/bin/python3', 'env': {}}
CAPTURE = {'tool': 'torch', 'warmup': 1, 'steps': 1, 'step': 'auto', 'compile': 'eager'}
run_folder('run_outputs_escape', {'workload': WORKLOAD, 'capture': CAPTURE,
                                  'outputs': {'nsys_sqlite': '../../x.sqlite'}})
run_folder('run_trace_passwd', {'workload': WORKLOAD, 'capture': CAPTURE,
                                'outputs': {'trace': '../../../../../../../../etc/passwd'}})
folder = run_folder('run_symlink_trace', {'workload': WORKLOAD, 'capture': CAPTURE, 'outputs': {'trace': 'trace.json'}})
os.symlink('/etc/passwd', os.path.join(folder, 'trace.json'))
small_trace = read('public/kineto/HolisticTraceAnalysis__event_sync_trace.json')
run_folder('run_no_workload', {'capture': CAPTURE, 'outputs': {'trace': 'trace.json'}}, {'trace.json': small_trace})
run_folder('run_wrong_types', {'workload': WORKLOAD, 'capture': dict(CAPTURE, warmup='two'),
                               'outputs': {'trace': 'trace.json'}}, {'trace.json': small_trace})
run_folder('run_deep_manifest', {'workload': WORKLOAD, 'capture': CAPTURE, 'launcher': {'reference': 'DEEP'},
                                 'outputs': {'trace': 'trace.json'}}, {'trace.json': small_trace})
run_folder('replay_received', {
    'workload': {'script': '/srv/train.py', 'args': ['--steps', '1'], 'working_directory': '/srv',
                 'python': '/tmp/elsewhere/fakepython', 'env': {'LD_PRELOAD': '/tmp/elsewhere/hook.so'}},
    'capture': dict(CAPTURE, tool='nsys'), 'outputs': {}})
sweep = out('sweep_profile_escape')
shutil.rmtree(sweep, ignore_errors=True)
os.makedirs(os.path.join(sweep, 'bs_8'))
with open(os.path.join(sweep, 'sweep.json'), 'w') as f:
    json.dump({'format': 'opscope-sweep', 'version': 1, 'script': '/srv/train.py', 'args': [], 'pass_as': 'args',
               'zip': False, 'replay': False, 'options': [], 'parameters': [{'name': 'bs', 'values': ['8']}],
               'runs': [{'config': {'bs': '8'}, 'folder': 'bs_8', 'status': 'ok',
                         'profile': '../../../../secret.opscope'}]}, f, indent=2)
