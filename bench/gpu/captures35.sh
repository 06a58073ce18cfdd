#!/bin/bash
# Real captures for issue 35's tests (tests/data): a torchvision ResNet-18 training step under bf16 autocast
# in torch's default NCHW layout (nsys + ncu: cuDNN's layout conversions, convolution FLOP/s against the
# peak) and in channels-last (nsys: no conversions), and a GPU-bound transformers GPT-2 training step whose
# host runs ahead of the GPU (nsys: launches blocked on a full launch queue). Each run folder comes back as
# a tarball in $OUT with the insights of this build beside it.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs35; mkdir -p $R
L=$OUT/captures35.log
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >> $L
run() { # verb name script args...
  local verb=$1 name=$2 script=$3; shift 3
  echo "== $verb $name $(date +%T)" >> $L
  local t0=$SECONDS
  $B $verb bench/gpu/$script --out $R --name $name "${OPTS[@]}" -- "$@" > $R/$name.log 2>&1; echo "rc=$? in $((SECONDS - t0)) s" >> $L
  tail -4 $R/$name.log >> $L
  $B insights $R/$name/$name.opscope > $OUT/$name.insights.txt 2>&1
  $B insights --json $R/$name/$name.opscope > $OUT/$name.insights.json 2>&1
  head -30 $OUT/$name.insights.txt >> $L
  (cd $R/$name && rm -f *.nsys-rep *.ncu-rep && tar czf $OUT/$name.tar.gz --exclude='*.opscope' . 2>/dev/null)
}
OPTS=(--reference-steps 5)
run profile resnet18_nchw tv_resnet.py --arch resnet18 --layout nchw --batch 16 --image 64 --steps 12
run capture resnet18_cl tv_resnet.py --arch resnet18 --layout channels-last --batch 16 --image 64 --steps 12
run capture gpt2_l4_train hf_gpt2.py --layers 4 --batch 8 --seq 512 --steps 14
ls -la $OUT >> $L
tail -c 11000 $L
