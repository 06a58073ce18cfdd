#!/bin/bash
# Issue 22's attribution on both cores, checked on models as users write them (docs/gpu-validation.md):
# transformers' GPT-2 (training and inference) and Llama (training) captured under nsys by `opscope
# capture`, then each capture's nsys export imported and attributed by this session's CLI and by the CLI
# of before the change (carried as opscope.before): `opscope summary` and `opscope modules` must print the
# same, and the wall time of each is printed. The captures' nsys exports come back as tarballs in $OUT.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs-a22; mkdir -p $R
L=$OUT/attr22.log
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $L
run() { # name script args...
  local name=$1 script=$2; shift 2
  echo "== capture $name $(date +%T)" >> $L
  $B capture bench/gpu/$script --out $R --name $name -- "$@" > $R/$name.log 2>&1; echo "rc=$?" >> $L
  tail -3 $R/$name.log >> $L
  local ok=1
  for bin in $B $C/opscope.before; do # the capture's nsys export, imported and attributed afresh by each
    echo "-- $(basename $bin) summary $name" >> $L
    /usr/bin/time -f "wall %e s, max RSS %M KB" $bin summary $R/$name/nsys.sqlite > $R/$name.$(basename $bin).txt 2>> $L || ok=0
    $bin modules $R/$name/nsys.sqlite > $R/$name.$(basename $bin).modules.txt 2>> $L || ok=0
    cat $R/$name.$(basename $bin).txt >> $L
  done
  if [ $ok = 1 ] && diff -q $R/$name.opscope.txt $R/$name.opscope.before.txt > /dev/null &&
    diff -q $R/$name.opscope.modules.txt $R/$name.opscope.before.modules.txt > /dev/null; then
    echo "SAME summary: $name" >> $L
  else
    echo "DIFFERENT summary or module tree (or a failed command): $name" >> $L
  fi
  (cd $R/$name && tar czf $OUT/$name.tar.gz --ignore-failed-read *.sqlite 2>/dev/null)
}
run hf_gpt2_train hf_gpt2.py --layers 12
run hf_gpt2_infer hf_gpt2.py --layers 12 --infer
run hf_llama_train hf_llama.py
tail -c 11000 $L
