#!/bin/bash
# Where ncu's fixed cost goes: the same 12-block GPT inference step run plainly, under ncu with nothing
# profiled (several launcher settings), and with one kernel profiled. Writes $OUT/ncu_fixed.log.
cd "$(dirname "$0")/../.."  # the repository root
export PYTHONPATH=$PWD/resources/launcher${PYTHONPATH:+:$PYTHONPATH}
L=$OUT/ncu_fixed.log
W="examples/gpt.py --infer --dtype bfloat16 --layers 12"
launcher() { echo python3 -m opscope_launcher --mode nvtx --warmup "$1" --reference-steps 0 --steps 1 --status /tmp/st.json -- $W; }
t() {
    local name=$1; shift
    local s=$EPOCHREALTIME
    "$@" > /tmp/o.txt 2>&1; local rc=$?
    local e=$EPOCHREALTIME
    printf '%-48s %7.2f s rc=%d\n' "$name" "$(awk -v a=$s -v b=$e 'BEGIN{print b-a}')" $rc >> $L
    grep -E "Profiling|No kernels|ERR|Error|error" /tmp/o.txt | tail -2 >> $L
}
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; } >> $L 2>&1
t "python: import torch + CUDA init" python3 -c "import torch; torch.zeros(1, device='cuda'); torch.cuda.synchronize()"
t "python: import torch + CUDA init (again)" python3 -c "import torch; torch.zeros(1, device='cuda'); torch.cuda.synchronize()"
t "plain launcher, warmup 2" $(launcher 2)
t "plain launcher, warmup 0" $(launcher 0)
t "ncu: import torch + CUDA init" ncu --nvtx --nvtx-include NOMATCH/ python3 -c "import torch; torch.zeros(1, device='cuda'); torch.cuda.synchronize()"
t "ncu nothing profiled, warmup 2" ncu --nvtx --nvtx-include NOMATCH/ $(launcher 2)
t "ncu nothing profiled, warmup 0" ncu --nvtx --nvtx-include NOMATCH/ $(launcher 0)
t "ncu nothing profiled, kernel-name filter" ncu --kernel-name NOMATCH $(launcher 2)
t "ncu nothing, CUDA_MODULE_LOADING=LAZY" env CUDA_MODULE_LOADING=LAZY ncu --nvtx --nvtx-include NOMATCH/ $(launcher 2)
t "ncu nothing, --target-processes application-only" ncu --target-processes application-only --nvtx --nvtx-include NOMATCH/ $(launcher 2)
t "ncu roofline, 1 kernel in CAPTURE" ncu --set roofline --nvtx --nvtx-include CAPTURE --launch-count 1 --export /tmp/one --force-overwrite $(launcher 2)
t "ncu roofline, 5 kernels in CAPTURE" ncu --set roofline --nvtx --nvtx-include CAPTURE --launch-count 5 --export /tmp/five --force-overwrite $(launcher 2)
t "ncu basic set, 5 kernels in CAPTURE" ncu --set basic --nvtx --nvtx-include CAPTURE --launch-count 5 --export /tmp/fiveb --force-overwrite $(launcher 2)
ncu python3 -c "import os; print('under ncu: CUDA_MODULE_LOADING=', os.environ.get('CUDA_MODULE_LOADING'))" 2>&1 | grep under >> $L
cat $L
