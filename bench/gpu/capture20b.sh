#!/bin/bash
# Issue 20 validation on model-library models with the launcher that names modules as named_modules()
# does and puts the work outside modules into phases: transformers' Llama (train with ncu counters, and
# inference), torchvision's ResNet-50 (train, its loss module outside the model), both again under
# --compile inductor (module stacks of the compiled graphs), and the GPT example under --compile
# reduce-overhead (CUDA graphs, nsys per graph node). Part 1 or 2 per call (each fits the 10-minute limit);
# per run the summary, the module tree and the small run files come back in $OUT.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs20b; mkdir -p $R
L=$OUT/capture20b.log
report() { # NAME: summary, module tree and the small files of a run, in $OUT/NAME/
    local o=$OUT/$1; mkdir -p $o
    $B summary $R/$1/$1.opscope > $o/summary.txt 2>&1
    $B summary $R/$1/$1.opscope --json > $o/summary.json 2>&1
    $B modules $R/$1/$1.opscope > $o/modules.txt 2>&1
    (cd $R/$1 && tar czf $o/run.tar.gz --ignore-failed-read *.json $(find inductor -name 'opscope_module_stacks_*.json' -o -name output_code.py 2>/dev/null) 2>/dev/null)
    gzip -c $R/$1/nsys.sqlite > $o/nsys.sqlite.gz 2>/dev/null
    grep -E "captured:|Modules:" $o/summary.txt >> $L
}
step() { local name=$1; echo "== $name $(date +%T)" | tee -a $L; shift; /usr/bin/time -f "wall %e s" "$@" > $R/$name.log 2>&1; echo "rc=$?" >> $L; tail -4 $R/$name.log >> $L; report $name; }
PART=${1:-1}
python3 -c "import torch, transformers, torchvision; print('torch', torch.__version__, 'transformers', transformers.__version__, 'torchvision', torchvision.__version__)" >> $L 2>&1
if [ "$PART" = 1 ]; then
    step llama_train $B profile bench/gpu/hf_llama.py --out $R --name llama_train -- --steps 8
    step llama_infer $B capture bench/gpu/hf_llama.py --out $R --name llama_infer -- --infer --steps 8
    step resnet_train $B capture bench/gpu/tv_resnet.py --out $R --name resnet_train -- --steps 8
elif [ "$PART" = reports ]; then # again, for runs of an earlier call on this machine
    for name in ${RUNS:-llama_train llama_infer resnet_train}; do report $name; done
else
    step llama_inductor $B capture bench/gpu/hf_llama.py --out $R --name llama_inductor --compile inductor --warmup 3 -- --steps 10
    step resnet_inductor $B capture bench/gpu/tv_resnet.py --out $R --name resnet_inductor --compile inductor --warmup 3 -- --steps 10
    step gpt_ro $B capture examples/gpt.py --out $R --name gpt_ro --compile reduce-overhead --warmup 3 -- --size tiny --batch 8 --device cuda --steps 12
fi
ls -la $OUT >> $L
tail -c 6000 $L
# One file back (the device returns a few files per call).
cd $OUT && tar cf capture20b-$PART.tar --remove-files $(ls -d */) capture20b.log
