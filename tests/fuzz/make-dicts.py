#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of tests/fuzz/dict/ (one per target: the tokens of its format).

usage: tests/fuzz/make-dicts.py   (from anywhere; rewrites tests/fuzz/dict/*.dict)
"""
import os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "dict"))
import json
JSON = ['{', '}', '[', ']', ':', ',', '"', '\\"', '\\\\', '\\u0000', '\\ud800', 'true', 'false', 'null', 'NaN',
        'Infinity', '-0', '1e400', '-9223372036854775808', '18446744073709551616', '[' * 16, ']' * 16,
        '{"a":{"a":{"a":{"a":', '}}}}', '\xef\xbb\xbf', '\x1f\x8b\x08']
SQL = ['SQLite format 3\x00', 'CREATE TABLE ', 'CREATE VIEW ', 'CREATE TRIGGER ', 'CREATE INDEX ', 'DROP TABLE ',
       'INSERT INTO ', ' VALUES (', 'SELECT ', ' FROM ', ' WHERE ',
       'WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x+1 FROM r) ', ' UNION ALL ', ' LIMIT ', ' INTEGER',
       ' TEXT', ' BLOB', ' PRIMARY KEY', ' NOT NULL', ' GENERATED ALWAYS AS ', ' VIRTUAL', ' STORED', 'zeroblob(',
       'randomblob(', 'NULL', "x'", 'PRAGMA journal_mode = WAL;', 'PRAGMA page_size = 512;', 'PRAGMA user_version = ',
       'PRAGMA application_id = ', ';', '(', ')', ',', "'", '9223372036854775807', '-9223372036854775808', '1e308',
       "'n/a'"]
DICTS = {
    'kineto_json': ('torch.profiler (Kineto) trace keys and values', JSON + [
        'traceEvents', 'schemaVersion', 'deviceProperties', 'distributedInfo', 'pg_config', 'baseTimeNanoseconds',
        'displayTimeUnit', 'traceName', 'ph', '"X"', '"B"', '"E"', '"i"', '"s"', '"f"', '"M"', 'cat', 'kernel',
        'gpu_memcpy', 'gpu_memset', 'cpu_op', 'cuda_runtime', 'cuda_driver', 'user_annotation',
        'gpu_user_annotation', 'python_function', 'ac2g', 'fwdbwd', 'Operator', 'Runtime', 'Kernel', 'name', 'pid',
        'tid', 'ts', 'dur', 'id', 'bp', 'args', 'External id', 'correlation', 'Sequence number', 'Fwd thread id',
        'Record function id', 'device', 'stream', 'grid', 'block', 'registers per thread', 'shared memory',
        'Input Dims', 'Input type', 'Collective name', 'In msg nelems', 'Process Group Name', 'rank', 'world_size',
        'CPU functions']),
    'onnxruntime_json': ('ONNX Runtime profile events', JSON + [
        'cat', 'Session', 'Node', 'Kernel', 'Api', 'name', '_kernel_time', '_fence_before', '_fence_after',
        'model_loading_uri', 'session_initialization', 'pid', 'tid', 'dur', 'ts', 'ph', 'args', 'op_name',
        'provider', 'CUDAExecutionProvider', 'CPUExecutionProvider', 'input_type_shape', 'output_type_shape',
        'parent_name', 'stream', 'grid_x', 'grid_y', 'grid_z', 'block_x', 'block_y', 'block_z', '","args"']),
    'profile_json': ('the Operator Profiler profile.json schema', JSON + [
        'schema_version', '"1.0"', 'capture_metadata', 'model_name', 'torch_version', 'cuda_version', 'compile_mode',
        'device_name', 'nsys_report_path', 'ncu_report_path', 'capture_timestamp_utc', 'operators', 'operator_id',
        'operator_name', 'call_index', 'is_fused', 'fused_with', 'nvtx_range', 'kernels', 'kernel_id',
        'kernel_name', 'stream_id', 'device_id', 'start_ns', 'end_ns', 'duration_ns', 'grid_dim', 'block_dim',
        'metrics', 'aggregated', 'total_duration_ns', 'kernel_count', 'dominant_kernel_id', 'unattributed_kernels',
        'warnings', 'gpu__time_duration.sum', 'launch__registers_per_thread']),
    'ncu_csv': ('Nsight Compute CSV (raw and details pages, console log)', [
        '"', '","', '""', '\n', '\r\n', '==PROF==', '==WARNING==', '==ERROR==', '"ID"', '"Process ID"',
        '"Process Name"', '"Host Name"', '"Kernel Name"', '"Context"', '"Stream"', '"Block Size"', '"Grid Size"',
        '"Device"', '"CC"', '"Section Name"', '"Metric Name"', '"Metric Unit"', '"Metric Value"',
        '"thread_domain:push_pop_ranges"', '"NVTX"', '<default domain>', ':none:', 'gpu__time_duration.sum',
        'dram__bytes.sum.per_second', 'sm__throughput.avg.pct_of_peak_sustained_elapsed',
        'launch__registers_per_thread', 'launch__grid_size', 'launch__block_size', 'nsecond', 'usecond', 'msecond',
        'second', 'byte', 'Kbyte', 'Mbyte', 'Gbyte', 'byte/second', 'Gbyte/second', '%', 'cycle', 'inst', 'n/a',
        'nan', 'inf', '-inf', '1,234.5', '1e308']),
    'nsys_stats_csv': ('nsys stats NVTX push/pop trace CSV', [
        '"', ',', '\n', 'Start (ns)', 'End (ns)', 'Duration (ns)', 'DurChild (ns)', 'DurNonChild (ns)', 'Name',
        'PID', 'TID', 'Lvl', 'NumChild', 'RangeId', 'ParentId', 'RangeStack', 'NameTree', 'Style', 'PushPop',
        'StartEnd', ':', '-1', '9223372036854775807', '-9223372036854775808']),
    'nsys_sqlite': ('an nsys export, as a file or as the SQL that builds one (fuzz_common.cpp)', SQL + [
        'StringIds', 'ThreadNames', 'TARGET_INFO_GPU', 'TARGET_INFO_CUDA_GPU', 'META_DATA_EXPORT',
        'EXPORT_SCHEMA_VERSION', 'ANALYSIS_DETAILS', 'PROCESSES', 'ENUM_NSYS_EVENT_TYPE',
        'CUPTI_ACTIVITY_KIND_KERNEL', 'CUPTI_ACTIVITY_KIND_RUNTIME', 'CUPTI_ACTIVITY_KIND_DRIVER',
        'CUPTI_ACTIVITY_KIND_MEMCPY', 'CUPTI_ACTIVITY_KIND_MEMSET', 'CUPTI_ACTIVITY_KIND_SYNCHRONIZATION',
        'CUDA_GRAPH_NODE_EVENTS', 'CUDA_GPU_MEMORY_USAGE_EVENTS', 'NVTX_EVENTS', 'id', 'value', 'start', 'end',
        'deviceId', 'contextId', 'streamId', 'correlationId', 'globalTid', 'globalPid', 'nameId', 'demangledName',
        'shortName', 'mangledName', 'gridX', 'gridY', 'gridZ', 'blockX', 'blockY', 'blockZ', 'registersPerThread',
        'staticSharedMemory', 'dynamicSharedMemory', 'graphNodeId', 'eventType', 'rangeId', 'text', 'textId',
        'domainId', 'jsonText', 'jsonTextId', 'bytes', 'copyKind', 'startTime', 'stopTime']),
    'opscope': ('an .opscope file, as a file or as the SQL that builds one (fuzz_common.cpp)', SQL + [
        'PRAGMA application_id = 1330664259;', 'PRAGMA user_version = 1;', 'info', 'metadata', 'strings',
        'devices', 'device_properties', 'threads', 'kernels', 'operators', 'modules', 'ranges', 'memory_ops',
        'api_calls', 'syncs', 'memory_samples', 'memory_blocks', 'memory_tensors', 'operator_links', 'metrics',
        'kernel_counters', 'operator_counters', 'fused_with', 'reference_twins', 'graph_node_launches', 'warnings',
        'row', 'key', 'start_ns', 'end_ns', 'name', 'op', 'module', 'range', 'owner', 'metric', 'flags',
        'source_format', 'source_path']),
}


def escape(token):
    out = ''
    for b in token.encode('latin-1' if any(ord(c) > 127 for c in token) and all(ord(c) < 256 for c in token)
                          else 'utf-8'):
        c = chr(b)
        out += '\\\\' if c == '\\' else '\\"' if c == '"' else c if 32 <= b < 127 else '\\x%02X' % b
    return '"' + out + '"'


for name, (what, tokens) in DICTS.items():
    with open(name + '.dict', 'w') as f:
        f.write('# libFuzzer dictionary of fuzz_%s: %s. Written by tests/fuzz/make-dicts.py.\n' % (name, what))
        for t in dict.fromkeys(tokens):
            f.write(escape(t) + '\n')
