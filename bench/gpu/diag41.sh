#!/bin/bash
# Issue 41: is the static-cache failure OpScope's or the library's? The same Llama requests as generate41.sh,
# plain (no OpScope, no profiler): a static cache with the forward compiled by hand as well (older guides'
# way), then a static cache alone (generate() compiles the forward itself). Prints each run's exit status, its
# error and the last requests' time to first token and median time per output token (the script's CUDA events).
#   bash bench/gpu/diag41.sh
source "$(dirname "$0")/env.sh"
export HF_HUB_OFFLINE=1 PYTHONUNBUFFERED=1
for v in "--static --compile-forward" "--static"; do
  echo "== plain $v"; rm -f /tmp/t.jsonl
  timeout 120 python3 bench/gpu/hf_generate.py --model llama $v --requests 8 --timing /tmp/t.jsonl > /tmp/p.log 2>&1
  echo "rc=$?"
  grep -E "Error|error" /tmp/p.log | tail -3 | cut -c1-300
  python3 -c "
import json, statistics
for r in [json.loads(l) for l in open('/tmp/t.jsonl')]:
    print(r['request'], 'ttft %.2f ms' % (r['ttft_ns'] / 1e6), 'tpot med %.2f ms' % (statistics.median(r['tokens_ns'][1:]) / 1e6),
          'req %.1f ms' % (r['request_ns'] / 1e6))
" 2>&1 | tail -4
done
