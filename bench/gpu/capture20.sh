#!/bin/bash
# Real captures for issue 20 (module paths on model-library models, phases, torch.compile, CUDA graphs):
# transformers' Llama (its decoder in the child `model`) eager and compiled, torchvision's ResNet-50
# compiled, and the GPT example under --compile cudagraphs. nsys + correlation pass (opscope capture);
# each run folder's small files come back as one tarball ($OUT/NAME.tar.gz, the Inductor debug folder in it).
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs20; mkdir -p $R
L=$OUT/capture20.log
step() { echo "== $1 $(date +%T)" | tee -a $L; shift; /usr/bin/time -f "wall %e s" "$@" > $R/last.log 2>&1; local rc=$?; tail -12 $R/last.log >> $L; echo "rc=$rc" >> $L; }
pack() { (cd $R/$1 && gzip -k *.sqlite 2>/dev/null; tar czf $OUT/$1.tar.gz --ignore-failed-read *.sqlite.gz *.json inductor 2>/dev/null); ls -la $OUT/$1.tar.gz >> $L; }
PART=${1:-all} # 1: the two Llama runs; 2: ResNet-50 and CUDA graphs (one call each fits the 10-minute limit)
python3 -c "import torch, transformers, torchvision; print('torch', torch.__version__, 'transformers', transformers.__version__, 'torchvision', torchvision.__version__)" >> $L 2>&1
if [ "$PART" != 2 ]; then
step "llama eager train" $B capture bench/gpu/hf_llama.py --out $R --name llama_eager -- --steps 8
pack llama_eager
step "llama inductor train" $B capture bench/gpu/hf_llama.py --out $R --name llama_inductor --compile inductor -- --steps 8
pack llama_inductor
find $R/llama_inductor/inductor -maxdepth 4 | head -60 >> $L
fi
if [ "$PART" != 1 ]; then
step "resnet50 inductor train" $B capture bench/gpu/tv_resnet.py --out $R --name resnet_inductor --compile inductor -- --steps 8
pack resnet_inductor
step "gpt tiny cudagraphs train" $B capture examples/gpt.py --out $R --name gpt_cudagraphs --compile cudagraphs -- --size tiny --batch 8 --device cuda --steps 10
pack gpt_cudagraphs
fi
ls -la $OUT >> $L
tail -c 9000 $L
