#!/usr/bin/env bash
# The export of a real capture opened in Perfetto's UI in headless Chromium (tests/integration/
# perfetto_ui.mjs): the bf16 GPT capture (nsys + ncu) exported by the built opscope, its GPU, stream,
# thread and step tracks named as in OpScope's timeline, module bands and operators found through the
# UI's search, and a screenshot (OUTDIR/perfetto-export.png; docs/perfetto-export.png is one).
#   perfetto_ui.sh OPSCOPE FIXTURES OUTDIR
# Exits 77 (CTest's skip) with the reason when node, the UI or the browser is not installed.
set -euo pipefail
opscope=$1 fixtures=$2 out=$3
command -v node >/dev/null || { echo "skipped: node is not installed (packaging/install-deps.sh)"; exit 77; }
mkdir -p "$out"
capture="$fixtures/h100/gpt4_bf16_infer"
"$opscope" export "$capture/nsys.sqlite" "$capture/ncu_raw.csv" "$out/export.json"
exec node "$(dirname "$0")/perfetto_ui.mjs" "$out/export.json" "$out/perfetto-export.png" \
  --track "GPU 0  (NVIDIA H100 80GB HBM3)" --track "GPU 0 · Stream 7" --track "GPU 0 · Stream 13" \
  --track "Process 440" --track "python3 [440]" --track "OpScope steps" \
  --search "blocks.0.attn[Attn]" --search "blocks.1.mlp" --search "aten::linear"
