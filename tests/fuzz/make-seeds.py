#!/usr/bin/env python3
"""Builds the seed corpus of each fuzz target from the real fixtures (../shared/fixtures).

Seeds are kept small (libFuzzer mutates faster and reaches more code on short inputs): real files cut
down to their first events/rows, still valid for their format, plus a few whole small files.

usage: make-seeds.py FIXTURES OUT [OPSCOPE_BINARY]
  writes OUT/<target>/<seed>; OPSCOPE_BINARY (the CLI) converts fixtures into .opscope seeds.
"""
import csv
import gzip
import io
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

FIXTURES, OUT = sys.argv[1], sys.argv[2]
OPSCOPE = sys.argv[3] if len(sys.argv) > 3 else None


def fixture(rel):
    return os.path.join(FIXTURES, rel)


def write(target, name, data):
    folder = os.path.join(OUT, target)
    os.makedirs(folder, exist_ok=True)
    mode = 'wb' if isinstance(data, bytes) else 'w'
    with open(os.path.join(folder, name), mode) as f:
        f.write(data)


def read(rel, mode='r'):
    with open(fixture(rel), mode) as f:
        return f.read()


# ---- Kineto: metadata plus the first N events of real traces ----

def kineto_cut(rel, events):
    opener = gzip.open if rel.endswith('.gz') else open
    with opener(fixture(rel), 'rt') as f:
        trace = json.load(f)
    cut = {k: v for k, v in trace.items() if k != 'traceEvents'}
    all_events = trace.get('traceEvents', [])
    # Keep every kind the importer reads: the first events of each category.
    kept, per_cat = [], {}
    for e in all_events:
        cat = e.get('cat', e.get('ph', ''))
        if per_cat.get(cat, 0) < events:
            per_cat[cat] = per_cat.get(cat, 0) + 1
            kept.append(e)
    cut['traceEvents'] = kept
    return json.dumps(cut)


for rel, n in [('h100/mlp_bf16_infer/kineto.json', 12), ('h100/kineto_gpt4_train.json', 8),
               ('h100/kineto_gpt4_compiled.json', 8),
               ('public/kineto/HolisticTraceAnalysis__benchmark_result_493459_1694039959_trace.json', 8),
               ('public/kineto/HolisticTraceAnalysis__step_based_trace_2543932.json', 8),
               ('public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json', 8),
               ('public/kineto/TraceLens__gpu_only_trace.json', 10)]:
    write('kineto_json', os.path.basename(rel).replace('.json', '') + '.cut.json', kineto_cut(rel, n))
for rel in ['public/kineto/HolisticTraceAnalysis__triton_example.json',
            'public/kineto/HolisticTraceAnalysis__event_sync_trace.json']:
    write('kineto_json', os.path.basename(rel), read(rel))
write('kineto_json', 'mlp.cut.json.gz', gzip.compress(kineto_cut('h100/mlp_bf16_infer/kineto.json', 6).encode()))

# ---- ONNX Runtime: the real profile, whole and cut ----
ort = 'public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json'
write('onnxruntime_json', 'mnist.json', read(ort))
write('onnxruntime_json', 'mnist.cut.json', json.dumps(json.loads(read(ort))[:8]))

# ---- Operator Profiler profile.json: first operators of each example ----
for example in ['conv_block', 'embedding_projection', 'mlp_activations', 'sdpa_attention']:
    for name in ['profile.json', 'profile_optimized.json']:
        doc = json.loads(read(f'public/operator_profiler/{example}/{name}'))
        doc['operators'] = doc['operators'][:2]
        for op in doc['operators']:
            op['kernels'] = op.get('kernels', [])[:2]
        doc['unattributed_kernels'] = doc.get('unattributed_kernels', [])[:2]
        doc['warnings'] = doc.get('warnings', [])[:2]
        write('profile_json', f'{example}.{name}', json.dumps(doc))

# ---- Deep nesting: a free-form value of each JSON format nested just past OpScope's limit (200 levels,
# json_input.h), so that mutations start where deep documents are handled ----
deep = '[' * 256 + ']' * 256
kineto_deep = json.loads(kineto_cut('public/kineto/HolisticTraceAnalysis__event_sync_trace.json', 20))
kineto_deep['distributedInfo'] = {'rank': 0, 'pg_config': 'DEEP'}
write('kineto_json', 'deep_pg_config.json', json.dumps(kineto_deep).replace('"DEEP"', deep))
ort_deep = json.loads(read(ort))[:8]
ort_deep[-1].setdefault('args', {})['input_type_shape'] = 'DEEP'
write('onnxruntime_json', 'deep_args.json', json.dumps(ort_deep).replace('"DEEP"', deep))
prof_deep = json.loads(read('public/operator_profiler/embedding_projection/profile.json'))
prof_deep['operators'] = prof_deep['operators'][:1]
prof_deep['capture_metadata']['model_config'] = 'DEEP'
write('profile_json', 'deep_metadata.json', json.dumps(prof_deep).replace('"DEEP"', deep))

# ---- ncu CSV: header, units row and the first rows of each page ----

def csv_head(rel, lines):
    text = read(rel)
    return ''.join(io.StringIO(text).readlines()[:lines])


# Raw pages have >1300 metric columns: keep the launch columns, the metrics OpScope's views use and
# every 40th other one, so a seed stays a few KB.
KEY_METRICS = ('gpu__time_duration', 'launch__', 'dram__bytes', 'sm__throughput', 'smsp__inst_executed',
               'sm__ops_path_tensor', 'lts__t_', 'sm__warps_active')


def ncu_raw_cut(rel, rows):
    table = list(csv.reader(io.StringIO(read(rel))))
    header = table[0]
    keep = [i for i, name in enumerate(header)
            if i < 13 or name.startswith(KEY_METRICS) and i % 3 == 0 or i % 40 == 0]
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator='\n')
    for row in table[:2 + rows]:  # header, units, rows
        writer.writerow([row[i] for i in keep if i < len(row)])
    return out.getvalue()


write('ncu_csv', 'mlp_raw.csv', ncu_raw_cut('h100/mlp_bf16_infer/ncu_raw.csv', 3))
write('ncu_csv', 'gpt4_raw.csv', ncu_raw_cut('h100/gpt4_bf16_infer/ncu_raw.csv', 2))
write('ncu_csv', 'auto_units.csv', ncu_raw_cut('h100/gpt4_all_kernels/ncu_raw_auto_units.csv', 2))
write('ncu_csv', 'details.csv', csv_head('h100/gpt4_all_kernels/ncu_details.csv', 80))
write('ncu_csv', 'superbenchmark.log', read('public/ncu/superbenchmark__cublaslt_ncu.log'))

# ---- nsys stats CSV ----
stats = 'public/nsys/pipit__nbody-nvtx_trace.csv'
write('nsys_stats_csv', 'nbody.csv', read(stats))
write('nsys_stats_csv', 'nbody.cut.csv', csv_head(stats, 12))

# ---- SQLite formats: a cut-down database and the SQL script that builds it ----

def sql_script(db_path, pragmas=''):
    con = sqlite3.connect(db_path)
    script = pragmas + '\n'.join(con.iterdump()) + '\n'
    con.close()
    return script


# The tables the importer reads (others only make seeds bigger).
NSYS_TABLES = ('StringIds', 'ThreadNames', 'ANALYSIS_DETAILS', 'CUPTI_ACTIVITY_KIND_', 'NVTX_EVENTS', 'TARGET_INFO_GPU',
               'TARGET_INFO_CUDA_GPU', 'META_DATA_EXPORT', 'EXPORT_META_DATA', 'ENUM_CUPTI_SYNC_TYPE',
               'ENUM_NSYS_EVENT_TYPE', 'PROCESSES')


def text_or_bytes(raw):
    try:
        return raw.decode('utf-8')
    except UnicodeDecodeError:
        return raw


def cut_nsys(rel, rows):
    """The schema of every table, the first rows of each, and the StringIds those rows name."""
    src = sqlite3.connect(f'file:{fixture(rel)}?mode=ro', uri=True)
    src.text_factory = text_or_bytes  # real exports hold texts that are not UTF-8
    fd, out_path = tempfile.mkstemp(suffix='.sqlite')
    os.close(fd)
    os.remove(out_path)
    dst = sqlite3.connect(out_path)
    referenced = set()
    tables = [r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    dst.execute('PRAGMA page_size = 1024')
    for (name, sql) in src.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND type='table'"):
        if name.startswith(NSYS_TABLES):
            dst.execute(sql)
    for table in tables:
        if table == 'StringIds' or not table.startswith(NSYS_TABLES):
            continue
        data = src.execute(f'SELECT * FROM "{table}" LIMIT {rows}').fetchall()
        if not data:
            continue
        for row in data:
            referenced.update(v for v in row if isinstance(v, int))
        dst.executemany(f'INSERT INTO "{table}" VALUES ({",".join("?" * len(data[0]))})', data)
    for row in src.execute('SELECT id, value FROM StringIds'):
        # Ids that only collide with other integers name long environment texts: leave those out.
        if row[0] in referenced and len(row[1]) < 400:
            dst.execute('INSERT INTO StringIds VALUES (?, ?)', row)
    dst.commit()
    dst.execute('VACUUM')
    dst.close()
    return out_path


for rel, name, rows in [('h100/mlp_bf16_infer/nsys.sqlite', 'mlp', 30),
                        ('public/nsys/nsys-ai__mock.sqlite', 'mock', 20),
                        ('public/nsys/extrap__profile1.sqlite', 'extrap', 20),
                        ('public/nsys/pipit__saxpy-mpi-cuda_nsys_perlmutter0.sqlite', 'saxpy', 12)]:
    path = cut_nsys(rel, rows)
    with open(path, 'rb') as f:
        write('nsys_sqlite', name + '.sqlite', f.read())
    write('nsys_sqlite', name + '.sql', sql_script(path))
    os.remove(path)

# OpScope files: converted from small fixtures by the opscope CLI itself.
if OPSCOPE:
    sources = {'ort': fixture(ort), 'mock': fixture('public/nsys/nsys-ai__mock.sqlite'),
               'triton': fixture('public/kineto/HolisticTraceAnalysis__triton_example.json')}
    with tempfile.TemporaryDirectory() as tmp:
        cut = os.path.join(tmp, 'embedding_projection.json')
        with open(os.path.join(OUT, 'profile_json', 'embedding_projection.profile.json')) as f:
            with open(cut, 'w') as g:
                g.write(f.read())
        sources['profile'] = cut
        for name, src in sources.items():
            target = os.path.join(tmp, name + '.opscope')
            subprocess.run([OPSCOPE, 'convert', src, target], check=True, stdout=subprocess.DEVNULL)
            with open(target, 'rb') as f:
                write('opscope', name + '.opscope', f.read())
            con = sqlite3.connect(target)
            app_id = con.execute('PRAGMA application_id').fetchone()[0]
            version = con.execute('PRAGMA user_version').fetchone()[0]
            con.close()
            write('opscope', name + '.sql',
                  sql_script(target, f'PRAGMA application_id = {app_id};\nPRAGMA user_version = {version};\n'))
