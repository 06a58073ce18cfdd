# AOT ID: ['0_forward']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _cuda_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p


# kernel path: /tmp/torchinductor_root/wu/cwubezgs56quzd5h5dzgmxelmze63gftoevtkdaisoorw4kfjbcn.py
# Topologically Sorted Source Nodes: [inputs_embeds, pow_1, variance, add_3, rsqrt, hidden_states_1, hidden_states_2, linear], Original ATen: [aten.embedding, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten._to_copy]
# Source node to ATen node mapping:
#   add_3 => add_3
#   hidden_states_1 => mul_2
#   hidden_states_2 => mul_3
#   inputs_embeds => embedding
#   linear => convert_element_type_2
#   pow_1 => pow_1
#   rsqrt => rsqrt
#   variance => mean
# Graph fragment:
#   %primals_1 : Tensor "i64[8, 512][512, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %primals_2 : Tensor "f32[32000, 512][512, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=embedding]
#   %buf3 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=buf3]
#   %primals_4 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_4]
#   %rsqrt : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_2, %primals_1), kwargs = {})
#   %pow_1 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%embedding, 2), kwargs = {})
#   %mean : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%pow_1, [-1], True), kwargs = {})
#   %add_3 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mean, 1e-06), kwargs = {})
#   %rsqrt : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_3,), kwargs = {})
#   %mul_2 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%embedding, %rsqrt), kwargs = {})
#   %mul_3 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%primals_4, %mul_2), kwargs = {})
#   %convert_element_type_2 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_3, torch.bfloat16), kwargs = {})
#   return %embedding,%buf3,%rsqrt,%convert_element_type_2
triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0 = async_compile.triton('triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 3, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 25167872}}
)
@triton.jit
def triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 512
    R0_BLOCK: tl.constexpr = 512
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    x0 = xindex
    r0_1 = r0_index
    tmp0 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last')
    tmp16 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp1 = tl.full([1, 1], 32000, tl.int32)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert((0 <= tmp4) & (tmp4 < 32000), "index out of bounds: 0 <= tmp4 < 32000")
    tmp6 = tl.load(in_ptr1 + (r0_1 + 512*tmp4), None)
    tmp7 = tmp6 * tmp6
    tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
    tmp10 = tl.sum(tmp8, 1)[:, None].to(tl.float32)
    tmp11 = tl.full([1, 1], 512.0, tl.float32)
    tmp12 = (tmp10 / tmp11)
    tmp13 = tl.full([1, 1], 1e-06, tl.float32)
    tmp14 = tmp12 + tmp13
    tmp15 = libdevice.rsqrt(tmp14)
    tmp17 = tmp6 * tmp15
    tmp18 = tmp16 * tmp17
    tmp19 = tmp18.to(tl.float32)
    tl.store(out_ptr0 + (r0_1 + 512*x0), tmp6, None)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp15, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp19, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/2q/c2qrp53265zckcah3jbxm7bktsaya3ordzytrss3m4qwmkdgeldy.py
# Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, position_ids_expanded], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten._to_copy]
# Source node to ATen node mapping:
#   arange => iota
#   position_ids => add
#   position_ids_1 => unsqueeze
#   position_ids_expanded => convert_element_type
#   q_indices => unsqueeze_2
# Graph fragment:
#   %iota : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (512,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %add : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%iota, 0), kwargs = {})
#   %unsqueeze : Tensor "i64[1, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%add, 0), kwargs = {})
#   %unsqueeze_2 : Tensor "i64[1, 1, 512][512, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze, 1), kwargs = {})
#   %convert_element_type : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%unsqueeze_2, torch.float32), kwargs = {})
#   return %expand_3
triton_poi_fused__to_copy_add_arange_unsqueeze_1 = async_compile.triton('triton_poi_fused__to_copy_add_arange_unsqueeze_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 512}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_arange_unsqueeze_1', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4096}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_arange_unsqueeze_1(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = x0
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/wo/cwov4wgxtuzarceigtk6juie34fnjc2byzc4kbck75yciy5po4ye.py
# Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy, aten.t]
# Source node to ATen node mapping:
#   linear => convert_element_type_1, permute_1
# Graph fragment:
#   %primals_5 : Tensor "f32[512, 512][512, 1]cuda:0" = PlaceHolder[target=primals_5]
#   %convert_element_type_1 : Tensor "bf16[512, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_5, torch.bfloat16), kwargs = {})
#   %permute_1 : Tensor "bf16[512, 512][1, 512]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_1, [1, 0]), kwargs = {})
#   return %permute_1
triton_poi_fused__to_copy_t_2 = async_compile.triton('triton_poi_fused__to_copy_t_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 262144}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_t_2', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2097152}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_t_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 262144
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/n5/cn5x3b6w7bysa4gcuqo4b6v3dmipm2feobmx7e57mzjewsdixva6.py
# Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, linear, view, query_states, linear_1, view_1, key_states, cos_3, sin_3, mul_4, x1, x2, neg, cat_1, mul_5, q_embed, mul_6, x1_1, x2_1, neg_1, cat_2, mul_7, k_embed, attn_output], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten._unsafe_view, aten.view, aten.unsqueeze, aten.slice, aten.neg, aten.add, aten._to_copy]
# Source node to ATen node mapping:
#    => unsqueeze_default
#   attn_output => convert_element_type_15, convert_element_type_16
#   cat_1 => cat
#   cat_2 => cat_1
#   cos => cos
#   cos_1 => mul
#   cos_3 => unsqueeze_11
#   emb => clone, expand_4, unsqueeze_10, view_3
#   freqs => permute
#   k_embed => add_5
#   key_states => permute_4
#   linear => view_5
#   linear_1 => view_8
#   mul_4 => mul_4
#   mul_5 => mul_5
#   mul_6 => mul_6
#   mul_7 => mul_7
#   neg => neg
#   neg_1 => neg_1
#   q_embed => add_4
#   query_states => permute_2
#   sin => sin
#   sin_1 => mul_1
#   sin_3 => unsqueeze_12
#   view => view_6
#   view_1 => view_9
#   x1 => slice_1
#   x1_1 => slice_3
#   x2 => slice_2
#   x2_1 => slice_4
# Graph fragment:
#   %mm_1 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_1]
#   %mm_default : Tensor "f32[32, 512][512, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %add_5 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0" = PlaceHolder[target=add_5]
#   %mm : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm]
#   %unsqueeze_default : Tensor "f32[1, 32, 512][16384, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mm_default, 0), kwargs = {})
#   %permute : Tensor "f32[1, 512, 32][16384, 1, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%unsqueeze_default, [0, 2, 1]), kwargs = {})
#   %unsqueeze_10 : Tensor "f32[1, 512, 1, 32][16384, 1, 16384, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%permute, 2), kwargs = {})
#   %expand_4 : Tensor "f32[1, 512, 2, 32][16384, 1, 0, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%unsqueeze_10, [1, 512, 2, 32]), kwargs = {})
#   %clone : Tensor "f32[1, 512, 2, 32][32768, 64, 32, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_4,), kwargs = {memory_format: torch.contiguous_format})
#   %view_3 : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone, [1, 512, 64]), kwargs = {})
#   %cos : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%view_3,), kwargs = {})
#   %mul : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cos, 1.0), kwargs = {})
#   %sin : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%view_3,), kwargs = {})
#   %mul_1 : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sin, 1.0), kwargs = {})
#   %view_5 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm, [8, 512, 512]), kwargs = {})
#   %view_6 : Tensor "bf16[8, 512, 8, 64][262144, 512, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_5, [8, 512, -1, 64]), kwargs = {})
#   %permute_2 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%view_6, [0, 2, 1, 3]), kwargs = {})
#   %view_8 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_1, [8, 512, 512]), kwargs = {})
#   %view_9 : Tensor "bf16[8, 512, 8, 64][262144, 512, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_8, [8, 512, -1, 64]), kwargs = {})
#   %permute_4 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%view_9, [0, 2, 1, 3]), kwargs = {})
#   %unsqueeze_11 : Tensor "f32[1, 1, 512, 64][32768, 32768, 64, 1]cuda:0"[num_users=8] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mul, 1), kwargs = {})
#   %unsqueeze_12 : Tensor "f32[1, 1, 512, 64][32768, 32768, 64, 1]cuda:0"[num_users=8] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mul_1, 1), kwargs = {})
#   %mul_4 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_2, %unsqueeze_11), kwargs = {})
#   %slice_1 : Tensor "bf16[8, 8, 512, 32][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%permute_2, 3, 0, 32), kwargs = {})
#   %slice_2 : Tensor "bf16[8, 8, 512, 32][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%permute_2, 3, 32, 9223372036854775807), kwargs = {})
#   %neg : Tensor "bf16[8, 8, 512, 32][131072, 32, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%slice_2,), kwargs = {})
#   %cat : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%neg, %slice_1], -1), kwargs = {})
#   %mul_5 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cat, %unsqueeze_12), kwargs = {})
#   %add_4 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_4, %mul_5), kwargs = {})
#   %mul_6 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_4, %unsqueeze_11), kwargs = {})
#   %slice_3 : Tensor "bf16[8, 8, 512, 32][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%permute_4, 3, 0, 32), kwargs = {})
#   %slice_4 : Tensor "bf16[8, 8, 512, 32][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%permute_4, 3, 32, 9223372036854775807), kwargs = {})
#   %neg_1 : Tensor "bf16[8, 8, 512, 32][131072, 32, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%slice_4,), kwargs = {})
#   %cat_1 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%neg_1, %slice_3], -1), kwargs = {})
#   %mul_7 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cat_1, %unsqueeze_12), kwargs = {})
#   %add_5 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_6, %mul_7), kwargs = {})
#   %convert_element_type_15 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_5, torch.bfloat16), kwargs = {})
#   %convert_element_type_16 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_4, torch.bfloat16), kwargs = {})
#   return %add_5,%convert_element_type_15,%convert_element_type_16
triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*bf16', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 7, 'num_store': 3, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 58720256}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, out_ptr2, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x4 = xindex
    x0 = (xindex % 64)
    x2 = ((xindex // 512) % 512)
    x5 = xindex // 64
    tmp0 = tl.load(in_ptr0 + (x4), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (x2 + 512*((x0 % 32))), None, eviction_policy='evict_last')
    tmp27 = tl.load(in_ptr2 + (x4), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tl_math.cos(tmp2)
    tmp4 = tl.full([1], 1.0, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp6 = tmp1 * tmp5
    tmp7 = x0
    tmp8 = tl.full([1], 0, tl.int64)
    tmp9 = tmp7 >= tmp8
    tmp10 = tl.full([1], 32, tl.int64)
    tmp11 = tmp7 < tmp10
    tmp12 = tl.load(in_ptr0 + (32 + 64*x5 + (x0)), tmp11, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp13 = -tmp12
    tmp14 = tl.full(tmp13.shape, 0.0, tmp13.dtype)
    tmp15 = tl.where(tmp11, tmp13, tmp14)
    tmp16 = tmp7 >= tmp10
    tmp17 = tl.full([1], 64, tl.int64)
    tmp18 = tmp7 < tmp17
    tmp19 = tl.load(in_ptr0 + (64*x5 + ((-32) + x0)), tmp16, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp20 = tl.where(tmp11, tmp15, tmp19)
    tmp21 = tmp20.to(tl.float32)
    tmp22 = tl_math.sin(tmp2)
    tmp23 = tmp22 * tmp4
    tmp24 = tmp21 * tmp23
    tmp25 = tmp6 + tmp24
    tmp26 = tmp25.to(tl.float32)
    tmp28 = tmp27.to(tl.float32)
    tmp29 = tmp28 * tmp5
    tmp30 = tl.load(in_ptr2 + (32 + 64*x5 + (x0)), tmp11, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp31 = -tmp30
    tmp32 = tl.full(tmp31.shape, 0.0, tmp31.dtype)
    tmp33 = tl.where(tmp11, tmp31, tmp32)
    tmp34 = tl.load(in_ptr2 + (64*x5 + ((-32) + x0)), tmp16, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp35 = tl.where(tmp11, tmp33, tmp34)
    tmp36 = tmp35.to(tl.float32)
    tmp37 = tmp36 * tmp23
    tmp38 = tmp29 + tmp37
    tmp39 = tmp38.to(tl.float32)
    tl.store(out_ptr0 + (x4), tmp25, None)
    tl.store(out_ptr1 + (x4), tmp26, None)
    tl.store(out_ptr2 + (x4), tmp39, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/2b/c2bo7hclycmwmyshom22pzr3pjimfredrbm5kg7gajschuwe7qe3.py
# Topologically Sorted Source Nodes: [linear_2, view_2, value_states, values, attn_output], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
# Source node to ATen node mapping:
#   attn_output => convert_element_type_14
#   linear_2 => view_11
#   value_states => permute_6
#   values => convert_element_type_13
#   view_2 => view_12
# Graph fragment:
#   %mm_2 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %convert_element_type_13 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0" = PlaceHolder[target=convert_element_type_13]
#   %view_11 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [8, 512, 512]), kwargs = {})
#   %view_12 : Tensor "bf16[8, 512, 8, 64][262144, 512, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_11, [8, 512, -1, 64]), kwargs = {})
#   %permute_6 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_12, [0, 2, 1, 3]), kwargs = {})
#   %convert_element_type_13 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_6, torch.float32), kwargs = {})
#   %convert_element_type_14 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%convert_element_type_13, torch.bfloat16), kwargs = {})
#   return %convert_element_type_13,%convert_element_type_14
triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 29360128}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4(in_ptr0, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
    tl.store(out_ptr1 + (x0), tmp2, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ao/cao2rt6fyzy636lwnlpzdjqdqlifuvrsiywp5x5y7cbgokmyb4x7.py
# Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, kv_indices, attention_mask, attention_mask_1, attn_output], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.expand, aten.scalar_tensor, aten.where]
# Source node to ATen node mapping:
#   arange => iota
#   attention_mask => le
#   attention_mask_1 => expand
#   attn_output => full_default, full_default_1, where
#   kv_indices => unsqueeze_6
#   position_ids => add
#   position_ids_1 => unsqueeze
#   q_indices => unsqueeze_2, unsqueeze_3
# Graph fragment:
#   %iota : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (512,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %add : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%iota, 0), kwargs = {})
#   %unsqueeze : Tensor "i64[1, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%add, 0), kwargs = {})
#   %unsqueeze_2 : Tensor "i64[1, 1, 512][512, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze, 1), kwargs = {})
#   %unsqueeze_3 : Tensor "i64[1, 1, 512, 1][512, 512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze_2, 3), kwargs = {})
#   %unsqueeze_6 : Tensor "i64[1, 1, 1, 512][512, 512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze_2, 2), kwargs = {})
#   %le : Tensor "b8[1, 1, 512, 512][262144, 262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.le.Tensor](args = (%unsqueeze_6, %unsqueeze_3), kwargs = {})
#   %expand : Tensor "b8[8, 1, 512, 512][0, 262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%le, [8, -1, 512, 512]), kwargs = {})
#   %full_default : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], -65536.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %full_default_1 : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where : Tensor "bf16[8, 1, 512, 512][262144, 262144, 512, 1]cuda:0"[num_users=5] = call_function[target=torch.ops.aten.where.self](args = (%expand, %full_default_1, %full_default), kwargs = {})
#   return %where
triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5 = async_compile.triton('triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8388608}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 512)
    x1 = ((xindex // 512) % 512)
    x3 = xindex
    tmp0 = x0
    tmp1 = x1
    tmp2 = tmp0 <= tmp1
    tmp3 = tl.full([1], 0.0, tl.float32)
    tmp4 = tl.full([1], -65536.0, tl.float32)
    tmp5 = tl.where(tmp2, tmp3, tmp4)
    tl.store(out_ptr0 + (x3), tmp5, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/wa/cwakqbj3r5dja3a44wt6lmszydd33bd6upt5rr6kl3p7fficcr24.py
# Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, pow_2, variance_1, add_7, rsqrt_1, hidden_states_5, hidden_states_6, linear_4], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
# Source node to ATen node mapping:
#   add_7 => add_7
#   attn_output_3 => view_15
#   hidden_states_3 => add_6
#   hidden_states_5 => mul_8
#   hidden_states_6 => mul_9
#   linear_4 => convert_element_type_21
#   pow_2 => pow_2
#   rsqrt_1 => rsqrt_1
#   variance_1 => mean_1
# Graph fragment:
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=embedding]
#   %mm_3 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %buf25 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=buf25]
#   %primals_9 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_9]
#   %rsqrt_1 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_1]
#   %view_15 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 512, 512]), kwargs = {})
#   %add_6 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %view_15), kwargs = {})
#   %pow_2 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_6, 2), kwargs = {})
#   %mean_1 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%pow_2, [-1], True), kwargs = {})
#   %add_7 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mean_1, 1e-06), kwargs = {})
#   %rsqrt_1 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_7,), kwargs = {})
#   %mul_8 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_6, %rsqrt_1), kwargs = {})
#   %mul_9 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%primals_9, %mul_8), kwargs = {})
#   %convert_element_type_21 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_9, torch.bfloat16), kwargs = {})
#   return %buf25,%rsqrt_1,%convert_element_type_21
triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6 = async_compile.triton('triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 20973568}}
)
@triton.jit
def triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 512
    R0_BLOCK: tl.constexpr = 512
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp13 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp4 = tmp3 * tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tl.full([1, 1], 512.0, tl.float32)
    tmp9 = (tmp7 / tmp8)
    tmp10 = tl.full([1, 1], 1e-06, tl.float32)
    tmp11 = tmp9 + tmp10
    tmp12 = libdevice.rsqrt(tmp11)
    tmp14 = tmp3 * tmp12
    tmp15 = tmp13 * tmp14
    tmp16 = tmp15.to(tl.float32)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp12, None)
    tl.store(out_ptr0 + (r0_1 + 512*x0), tmp16, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/wi/cwieh34eo5ajfvozhw4wdwkqqxzivokxaud27yhfe3yoqe24xc5u.py
# Topologically Sorted Source Nodes: [linear_4], Original ATen: [aten._to_copy, aten.t]
# Source node to ATen node mapping:
#   linear_4 => convert_element_type_20, permute_9
# Graph fragment:
#   %primals_10 : Tensor "f32[1376, 512][512, 1]cuda:0" = PlaceHolder[target=primals_10]
#   %convert_element_type_20 : Tensor "bf16[1376, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_10, torch.bfloat16), kwargs = {})
#   %permute_9 : Tensor "bf16[512, 1376][1, 512]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_20, [1, 0]), kwargs = {})
#   return %permute_9
triton_poi_fused__to_copy_t_7 = async_compile.triton('triton_poi_fused__to_copy_t_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_t_7', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 5636096}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_t_7(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 704512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/fi/cfieh5y45m7hybtjsos64zzfsbanyld42mzpzzjdhkz6u3dg73ca.py
# Topologically Sorted Source Nodes: [down_proj], Original ATen: [aten._to_copy, aten.t]
# Source node to ATen node mapping:
#   down_proj => convert_element_type_30, permute_11
# Graph fragment:
#   %primals_12 : Tensor "f32[512, 1376][1376, 1]cuda:0" = PlaceHolder[target=primals_12]
#   %convert_element_type_30 : Tensor "bf16[512, 1376][1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_12, torch.bfloat16), kwargs = {})
#   %permute_11 : Tensor "bf16[1376, 512][1, 1376]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_30, [1, 0]), kwargs = {})
#   return %permute_11
triton_poi_fused__to_copy_t_8 = async_compile.triton('triton_poi_fused__to_copy_t_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_t_8', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 5636096}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_t_8(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 704512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x2 = xindex
    x0 = (xindex % 1376)
    x1 = xindex // 1376
    tmp0 = tl.load(in_ptr0 + (x2), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0 + 1408*x1), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/el/cel7ni3oslh2fpnd6hp6aymdw5zdys4gihisdjroc3kzycbyudny.py
# Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
# Source node to ATen node mapping:
#   linear_4 => view_17
#   linear_5 => view_19
#   mul_10 => mul_10
#   silu => add_8, convert_element_type_24, convert_element_type_25, div, exp, neg_2
# Graph fragment:
#   %mm_4 : Tensor "bf16[4096, 1376][1408, 1]cuda:0" = PlaceHolder[target=mm_4]
#   %mm_5 : Tensor "bf16[4096, 1376][1408, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %view_17 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_4, [8, 512, 1376]), kwargs = {})
#   %convert_element_type_24 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_17, torch.float32), kwargs = {})
#   %neg_2 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%convert_element_type_24,), kwargs = {})
#   %exp : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%neg_2,), kwargs = {})
#   %add_8 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%exp, 1), kwargs = {})
#   %div : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%convert_element_type_24, %add_8), kwargs = {})
#   %convert_element_type_25 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%div, torch.bfloat16), kwargs = {})
#   %view_19 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_5, [8, 512, 1376]), kwargs = {})
#   %mul_10 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_25, %view_19), kwargs = {})
#   return %mul_10
triton_poi_fused__unsafe_view_mul_silu_9 = async_compile.triton('triton_poi_fused__unsafe_view_mul_silu_9', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8388608}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_mul_silu_9', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 45088768}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__unsafe_view_mul_silu_9(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 5636096
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 1376)
    x1 = xindex // 1376
    tmp0 = tl.load(in_ptr0 + (x0 + 1408*x1), None).to(tl.float32)
    tmp8 = tl.load(in_ptr1 + (x0 + 1408*x1), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = -tmp1
    tmp3 = libdevice.exp(tmp2)
    tmp4 = tl.full([1], 1.0, tl.float32)
    tmp5 = tmp3 + tmp4
    tmp6 = (tmp1 / tmp5)
    tmp7 = tmp6.to(tl.float32)
    tmp9 = tmp7 * tmp8
    tl.store(out_ptr0 + (x0 + 1408*x1), tmp9, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4y/c4yzm3qi33t742wyrx7lcopcpb5nqsmeezha2ic6xy4wrkzksmdb.py
# Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, down_proj, hidden_states_7, pow_3, variance_2, add_9, rsqrt_2, hidden_states_9, hidden_states_10, linear_7], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
# Source node to ATen node mapping:
#   add_9 => add_10
#   attn_output_3 => view_15
#   down_proj => view_21
#   hidden_states_10 => mul_12
#   hidden_states_3 => add_6
#   hidden_states_7 => add_9
#   hidden_states_9 => mul_11
#   linear_7 => convert_element_type_34
#   pow_3 => pow_3
#   rsqrt_2 => rsqrt_2
#   variance_2 => mean_2
# Graph fragment:
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=embedding]
#   %mm_3 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %mm_6 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_6]
#   %add_9 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_9]
#   %buf36 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=buf36]
#   %primals_13 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_13]
#   %rsqrt_2 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_2]
#   %view_15 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 512, 512]), kwargs = {})
#   %add_6 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %view_15), kwargs = {})
#   %view_21 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_6, [8, 512, 512]), kwargs = {})
#   %add_9 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_6, %view_21), kwargs = {})
#   %pow_3 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_9, 2), kwargs = {})
#   %mean_2 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%pow_3, [-1], True), kwargs = {})
#   %add_10 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mean_2, 1e-06), kwargs = {})
#   %rsqrt_2 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_10,), kwargs = {})
#   %mul_11 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_9, %rsqrt_2), kwargs = {})
#   %mul_12 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%primals_13, %mul_11), kwargs = {})
#   %convert_element_type_34 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_12, torch.bfloat16), kwargs = {})
#   return %add_9,%buf36,%rsqrt_2,%convert_element_type_34
triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10 = async_compile.triton('triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 3, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 41945088}}
)
@triton.jit
def triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 512
    R0_BLOCK: tl.constexpr = 512
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp4 = tl.load(in_ptr2 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp16 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp3 + tmp5
    tmp7 = tmp6 * tmp6
    tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
    tmp10 = tl.sum(tmp8, 1)[:, None].to(tl.float32)
    tmp11 = tl.full([1, 1], 512.0, tl.float32)
    tmp12 = (tmp10 / tmp11)
    tmp13 = tl.full([1, 1], 1e-06, tl.float32)
    tmp14 = tmp12 + tmp13
    tmp15 = libdevice.rsqrt(tmp14)
    tmp17 = tmp6 * tmp15
    tmp18 = tmp16 * tmp17
    tmp19 = tmp18.to(tl.float32)
    tl.store(out_ptr0 + (r0_1 + 512*x0), tmp6, None)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp15, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp19, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/37/c37m2wew7j4j376aumv4kea4st6agu7z236caye2v5x6lafm5zlc.py
# Topologically Sorted Source Nodes: [attn_output_7, hidden_states_11, pow_4, variance_3, add_13, rsqrt_3, hidden_states_13, hidden_states_14, linear_11], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
# Source node to ATen node mapping:
#   add_13 => add_14
#   attn_output_7 => view_33
#   hidden_states_11 => add_13
#   hidden_states_13 => mul_17
#   hidden_states_14 => mul_18
#   linear_11 => convert_element_type_53
#   pow_4 => pow_4
#   rsqrt_3 => rsqrt_3
#   variance_3 => mean_3
# Graph fragment:
#   %add_9 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_9]
#   %mm_10 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_10]
#   %add_13 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_13]
#   %buf58 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=buf58]
#   %primals_18 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_18]
#   %rsqrt_3 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_3]
#   %view_33 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_10, [8, 512, 512]), kwargs = {})
#   %add_13 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_9, %view_33), kwargs = {})
#   %pow_4 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_13, 2), kwargs = {})
#   %mean_3 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%pow_4, [-1], True), kwargs = {})
#   %add_14 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mean_3, 1e-06), kwargs = {})
#   %rsqrt_3 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_14,), kwargs = {})
#   %mul_17 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_13, %rsqrt_3), kwargs = {})
#   %mul_18 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%primals_18, %mul_17), kwargs = {})
#   %convert_element_type_53 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_18, torch.bfloat16), kwargs = {})
#   return %add_13,%buf58,%rsqrt_3,%convert_element_type_53
triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11 = async_compile.triton('triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 3, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 37750784}}
)
@triton.jit
def triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 512
    R0_BLOCK: tl.constexpr = 512
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp13 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp4 = tmp3 * tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tl.full([1, 1], 512.0, tl.float32)
    tmp9 = (tmp7 / tmp8)
    tmp10 = tl.full([1, 1], 1e-06, tl.float32)
    tmp11 = tmp9 + tmp10
    tmp12 = libdevice.rsqrt(tmp11)
    tmp14 = tmp3 * tmp12
    tmp15 = tmp13 * tmp14
    tmp16 = tmp15.to(tl.float32)
    tl.store(out_ptr0 + (r0_1 + 512*x0), tmp3, None)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp12, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp16, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/zp/czpud3hldgjnc7tnyr4eu6qj3nx3upylg5adgeou2k5uss5nrcl5.py
# Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy, aten.t]
# Source node to ATen node mapping:
#   logits => convert_element_type_129, permute_45
# Graph fragment:
#   %primals_41 : Tensor "f32[32000, 512][512, 1]cuda:0" = PlaceHolder[target=primals_41]
#   %convert_element_type_129 : Tensor "bf16[32000, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_41, torch.bfloat16), kwargs = {})
#   %permute_45 : Tensor "bf16[512, 32000][1, 512]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_129, [1, 0]), kwargs = {})
#   return %permute_45
triton_poi_fused__to_copy_t_12 = async_compile.triton('triton_poi_fused__to_copy_t_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16777216}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_t_12', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 131072000}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_t_12(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 16384000
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/w4/cw44gdgjclpokiyvgqbmsvq5753tkor5b2esbqprlekzfgpoz6lp.py
# Topologically Sorted Source Nodes: [labels], Original ATen: [aten.constant_pad_nd]
# Source node to ATen node mapping:
#   labels => constant_pad_nd
# Graph fragment:
#   %primals_1 : Tensor "i64[8, 512][512, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %constant_pad_nd : Tensor "i64[8, 513][513, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%primals_1, [0, 1], -100.0), kwargs = {})
#   return %constant_pad_nd
triton_poi_fused_constant_pad_nd_13 = async_compile.triton('triton_poi_fused_constant_pad_nd_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8192}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i64', 'out_ptr0': '*i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_constant_pad_nd_13', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 98432}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_constant_pad_nd_13(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 4104
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 513)
    x1 = xindex // 513
    x2 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 512, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x0 + 512*x1), tmp2 & xmask, other=-100)
    tl.store(out_ptr0 + (x2), tmp3, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4o/c4oxykb4z57ma5ohvrb4iamw6nd2ur5vbkeay6pqv7367kksx3ao.py
# Topologically Sorted Source Nodes: [logits, logits_1, logits_2, , loss], Original ATen: [aten._unsafe_view, aten._to_copy, aten.view, prims.prepare_softmax_online, aten._log_softmax]
# Source node to ATen node mapping:
#    => prepare_softmax_online_default
#   logits => view_77
#   logits_1 => convert_element_type_133
#   logits_2 => view_78
#   loss => log
# Graph fragment:
#   %mm_28 : Tensor "bf16[4096, 32000][32000, 1]cuda:0" = PlaceHolder[target=mm_28]
#   %getitem_36 : Tensor "f32[4096, 1][1, 4096]cuda:0" = PlaceHolder[target=getitem_36]
#   %view_77 : Tensor "bf16[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_28, [8, 512, 32000]), kwargs = {})
#   %convert_element_type_133 : Tensor "f32[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_77, torch.float32), kwargs = {})
#   %view_78 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_133, [-1, 32000]), kwargs = {})
#   %prepare_softmax_online_default : [num_users=2] = call_function[target=torch.ops.prims.prepare_softmax_online.default](args = (%view_78, 1), kwargs = {})
#   %log : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.log.default](args = (%getitem_36,), kwargs = {})
#   return %getitem_35,%getitem_36,%log
triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14 = async_compile.triton('triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 4096, 'r0_': 32768},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 262144000}}
)
@triton.jit
def triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14(in_out_ptr0, in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 32000
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp3_max = tl.full([XBLOCK, R0_BLOCK], float('-inf'), tl.float32)
    _tmp3_sum = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 32000*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])

        _tmp3_max_next, _tmp3_sum_next = triton_helpers.online_softmax_combine(
            _tmp3_max, _tmp3_sum, tmp2, False
        )

        _tmp3_max = tl.where(r0_mask, _tmp3_max_next, _tmp3_max)
        _tmp3_sum = tl.where(r0_mask, _tmp3_sum_next, _tmp3_sum)

    tmp3, tmp4 = triton_helpers.online_softmax_reduce(
        _tmp3_max, _tmp3_sum, 1, False)
    tmp3 = tmp3[:, None]
    tmp4 = tmp4[:, None]
    tl.store(out_ptr0 + (x0), tmp3, None)
    tmp5 = tl_math.log(tmp4)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp5, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/6e/c6eihiajk3bhiwdbxxakwcgxybaegweygpwgww2apnw7zpy3bmi6.py
# Topologically Sorted Source Nodes: [logits, logits_1, getitem_23, shift_labels, logits_2, shift_labels_1, , loss], Original ATen: [aten._unsafe_view, aten._to_copy, aten.slice, aten.clone, aten.view, aten.sub, aten._log_softmax, aten.nll_loss_forward]
# Source node to ATen node mapping:
#    => sub_tensor
#   getitem_23 => slice_17
#   logits => view_77
#   logits_1 => convert_element_type_133
#   logits_2 => view_78
#   loss => convert_element_type_134, div_4, full_default_8, full_default_9, gather, ne, neg_12, squeeze, sub_1, sum_2, sum_3, unsqueeze_19, where_4, where_5
#   shift_labels => clone_6
#   shift_labels_1 => view_79
# Graph fragment:
#   %constant_pad_nd : Tensor "i64[8, 513][513, 1]cuda:0" = PlaceHolder[target=constant_pad_nd]
#   %mm_28 : Tensor "bf16[4096, 32000][32000, 1]cuda:0" = PlaceHolder[target=mm_28]
#   %getitem_35 : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=getitem_35]
#   %log : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=log]
#   %sum_2 : Tensor "i64[][]cuda:0" = PlaceHolder[target=sum_2]
#   %sum_3 : Tensor "f32[][]cuda:0" = PlaceHolder[target=sum_3]
#   %convert_element_type_134 : Tensor "f32[][]cuda:0" = PlaceHolder[target=convert_element_type_134]
#   %view_77 : Tensor "bf16[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_28, [8, 512, 32000]), kwargs = {})
#   %convert_element_type_133 : Tensor "f32[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_77, torch.float32), kwargs = {})
#   %slice_17 : Tensor "i64[8, 512][513, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%constant_pad_nd, 1, 1, 9223372036854775807), kwargs = {})
#   %clone_6 : Tensor "i64[8, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%slice_17,), kwargs = {memory_format: torch.contiguous_format})
#   %view_78 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_133, [-1, 32000]), kwargs = {})
#   %view_79 : Tensor "i64[4096][1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_6, [-1]), kwargs = {})
#   %sub_tensor : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.sub.Tensor](args = (%view_78, %getitem_35), kwargs = {})
#   %sub_1 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_tensor, %log), kwargs = {})
#   %ne : Tensor "b8[4096][1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.ne.Scalar](args = (%view_79, -100), kwargs = {})
#   %full_default_8 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0), kwargs = {dtype: torch.int64, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_4 : Tensor "i64[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne, %view_79, %full_default_8), kwargs = {})
#   %unsqueeze_19 : Tensor "i64[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%where_4, 1), kwargs = {})
#   %gather : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.gather.default](args = (%sub_1, 1, %unsqueeze_19), kwargs = {})
#   %squeeze : Tensor "f32[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.squeeze.dim](args = (%gather, 1), kwargs = {})
#   %neg_12 : Tensor "f32[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%squeeze,), kwargs = {})
#   %full_default_9 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_5 : Tensor "f32[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne, %neg_12, %full_default_9), kwargs = {})
#   %sum_2 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.default](args = (%ne,), kwargs = {})
#   %convert_element_type_134 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%sum_2, torch.float32), kwargs = {})
#   %sum_3 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.default](args = (%where_5,), kwargs = {})
#   %div_4 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%sum_3, %convert_element_type_134), kwargs = {})
#   return %sum_2,%sum_3,%convert_element_type_134,%div_4
triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15 = async_compile.triton('triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 1, 'r0_': 4096},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'constexpr', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {'xnumel': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'r0_': 65536}}
)
@triton.jit
def triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 1
    r0_numel = 4096
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    _tmp5 = tl.full([XBLOCK, R0_BLOCK], 0, tl.int64)
    _tmp24 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_0 = r0_index
        tmp0 = tl.load(in_ptr0 + (1 + 513*(r0_0 // 512) + ((r0_0 % 512))), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp16 = tl.load(in_ptr2 + (r0_0), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp18 = tl.load(in_ptr3 + (r0_0), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.full([1, 1], -100, tl.int64)
        tmp2 = tmp0 != tmp1
        tmp3 = tmp2.to(tl.int64)
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = _tmp5 + tmp4
        _tmp5 = tl.where(r0_mask, tmp6, _tmp5)
        tmp7 = tl.full([1, 1], 0, tl.int64)
        tmp8 = tl.where(tmp2, tmp0, tmp7)
        tmp9 = tl.full([1, 1], 32000, tl.int32)
        tmp10 = tmp8 + tmp9
        tmp11 = tmp8 < 0
        tmp12 = tl.where(tmp11, tmp10, tmp8)
        tl.device_assert(((0 <= tmp12) & (tmp12 < 32000)) | ~(r0_mask), "index out of bounds: 0 <= tmp12 < 32000")
        tmp14 = tl.load(in_ptr1 + (tmp12 + 32000*r0_0), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp15 = tmp14.to(tl.float32)
        tmp17 = tmp15 - tmp16
        tmp19 = tmp17 - tmp18
        tmp20 = -tmp19
        tmp21 = tl.full([1, 1], 0.0, tl.float32)
        tmp22 = tl.where(tmp2, tmp20, tmp21)
        tmp23 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
        tmp25 = _tmp24 + tmp23
        _tmp24 = tl.where(r0_mask, tmp25, _tmp24)
    tmp5 = tl.sum(_tmp5, 1)[:, None]
    tmp24 = tl.sum(_tmp24, 1)[:, None]
    tmp26 = tmp5.to(tl.float32)
    tmp27 = (tmp24 / tmp26)
    tl.store(out_ptr1 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp26, None)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp27, None)
''', device_str='cuda')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41 = args
        args.clear()
        assert_size_stride(primals_1, (8, 512), (512, 1))
        assert_size_stride(primals_2, (32000, 512), (512, 1))
        assert_size_stride(primals_3, (32, ), (1, ))
        assert_size_stride(primals_4, (512, ), (1, ))
        assert_size_stride(primals_5, (512, 512), (512, 1))
        assert_size_stride(primals_6, (512, 512), (512, 1))
        assert_size_stride(primals_7, (512, 512), (512, 1))
        assert_size_stride(primals_8, (512, 512), (512, 1))
        assert_size_stride(primals_9, (512, ), (1, ))
        assert_size_stride(primals_10, (1376, 512), (512, 1))
        assert_size_stride(primals_11, (1376, 512), (512, 1))
        assert_size_stride(primals_12, (512, 1376), (1376, 1))
        assert_size_stride(primals_13, (512, ), (1, ))
        assert_size_stride(primals_14, (512, 512), (512, 1))
        assert_size_stride(primals_15, (512, 512), (512, 1))
        assert_size_stride(primals_16, (512, 512), (512, 1))
        assert_size_stride(primals_17, (512, 512), (512, 1))
        assert_size_stride(primals_18, (512, ), (1, ))
        assert_size_stride(primals_19, (1376, 512), (512, 1))
        assert_size_stride(primals_20, (1376, 512), (512, 1))
        assert_size_stride(primals_21, (512, 1376), (1376, 1))
        assert_size_stride(primals_22, (512, ), (1, ))
        assert_size_stride(primals_23, (512, 512), (512, 1))
        assert_size_stride(primals_24, (512, 512), (512, 1))
        assert_size_stride(primals_25, (512, 512), (512, 1))
        assert_size_stride(primals_26, (512, 512), (512, 1))
        assert_size_stride(primals_27, (512, ), (1, ))
        assert_size_stride(primals_28, (1376, 512), (512, 1))
        assert_size_stride(primals_29, (1376, 512), (512, 1))
        assert_size_stride(primals_30, (512, 1376), (1376, 1))
        assert_size_stride(primals_31, (512, ), (1, ))
        assert_size_stride(primals_32, (512, 512), (512, 1))
        assert_size_stride(primals_33, (512, 512), (512, 1))
        assert_size_stride(primals_34, (512, 512), (512, 1))
        assert_size_stride(primals_35, (512, 512), (512, 1))
        assert_size_stride(primals_36, (512, ), (1, ))
        assert_size_stride(primals_37, (1376, 512), (512, 1))
        assert_size_stride(primals_38, (1376, 512), (512, 1))
        assert_size_stride(primals_39, (512, 1376), (1376, 1))
        assert_size_stride(primals_40, (512, ), (1, ))
        assert_size_stride(primals_41, (32000, 512), (512, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf3 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf4 = reinterpret_tensor(buf3, (8, 512, 1), (512, 1, 1), 0); del buf3  # reuse
            buf6 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [inputs_embeds, pow_1, variance, add_3, rsqrt, hidden_states_1, hidden_states_2, linear], Original ATen: [aten.embedding, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0:1
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0.run(buf4, primals_1, primals_2, primals_4, buf0, buf6, 4096, 512, stream=stream0)
            del primals_2
            buf1 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, position_ids_expanded], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_arange_unsqueeze_1:2
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_arange_unsqueeze_1.run(buf1, 512, stream=stream0)
            buf2 = empty_strided_cuda((32, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, getitem_4, expand_1, position_ids_expanded, ], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.expand, aten._to_copy, aten.bmm]
            # [Provenance debug handles] extern_kernels.mm:3
            extern_kernels.mm(reinterpret_tensor(primals_3, (32, 1), (1, 1), 0), reinterpret_tensor(buf1, (1, 512), (0, 1), 0), out=buf2)
            del buf1
            del primals_3
            buf5 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:4
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_5, buf5, 262144, stream=stream0)
            del primals_5
            buf7 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_1, hidden_states_2, linear], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:5
            extern_kernels.mm(reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf5, out=buf7)
            buf8 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:6
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_6, buf8, 262144, stream=stream0)
            del primals_6
            buf9 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_1, hidden_states_2, linear, linear_1], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:7
            extern_kernels.mm(reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf8, out=buf9)
            buf10 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:8
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_7, buf10, 262144, stream=stream0)
            del primals_7
            buf11 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_1, hidden_states_2, linear, linear_2], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:9
            extern_kernels.mm(reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf10, out=buf11)
            buf12 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf15 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            buf16 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, linear, view, query_states, linear_1, view_1, key_states, cos_3, sin_3, mul_4, x1, x2, neg, cat_1, mul_5, q_embed, mul_6, x1_1, x2_1, neg_1, cat_2, mul_7, k_embed, attn_output], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten._unsafe_view, aten.view, aten.unsqueeze, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:10
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf9, buf2, buf7, buf12, buf15, buf16, 2097152, stream=stream0)
            del buf7
            buf13 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf14 = reinterpret_tensor(buf9, (8, 8, 512, 64), (262144, 64, 512, 1), 0); del buf9  # reuse
            # Topologically Sorted Source Nodes: [linear_2, view_2, value_states, values, attn_output], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:11
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf11, buf13, buf14, 2097152, stream=stream0)
            buf17 = reinterpret_tensor(buf11, (8, 1, 512, 512), (262144, 262144, 512, 1), 0); del buf11  # reuse
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, kv_indices, attention_mask, attention_mask_1, attn_output], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.expand, aten.scalar_tensor, aten.where]
            # [Provenance debug handles] triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5:12
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_5.run(buf17, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:13
            buf18 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf16, buf15, buf14, buf17, True, scale=0.125)
            buf19 = buf18[0]
            assert_size_stride(buf19, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf19, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf20 = buf18[1]
            assert_size_stride(buf20, (8, 8, 512, 1), (4096, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf20, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf21 = buf18[6]
            assert_size_stride(buf21, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf21, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf22 = buf18[7]
            assert_size_stride(buf22, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf22, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf18
            buf23 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_3], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:14
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_8, buf23, 262144, stream=stream0)
            del primals_8
            buf24 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_4, reshape, attn_output_3], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:15
            extern_kernels.mm(reinterpret_tensor(buf19, (4096, 512), (512, 1), 0), buf23, out=buf24)
            buf25 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf26 = reinterpret_tensor(buf25, (8, 512, 1), (512, 1, 1), 0); del buf25  # reuse
            buf28 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, pow_2, variance_1, add_7, rsqrt_1, hidden_states_5, hidden_states_6, linear_4], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6:16
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_6.run(buf26, buf0, buf24, primals_9, buf28, 4096, 512, stream=stream0)
            buf27 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_4], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:17
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_10, buf27, 704512, stream=stream0)
            del primals_10
            buf29 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, hidden_states_5, hidden_states_6, linear_4], Original ATen: [aten._unsafe_view, aten.add, aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:18
            extern_kernels.mm(reinterpret_tensor(buf28, (4096, 512), (512, 1), 0), buf27, out=buf29)
            buf30 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_5], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:19
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_11, buf30, 704512, stream=stream0)
            del primals_11
            buf31 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, hidden_states_5, hidden_states_6, linear_4, linear_5], Original ATen: [aten._unsafe_view, aten.add, aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:20
            extern_kernels.mm(reinterpret_tensor(buf28, (4096, 512), (512, 1), 0), buf30, out=buf31)
            buf32 = empty_strided_cuda((1376, 512), (1, 1408), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:21
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_8.run(primals_12, buf32, 704512, stream=stream0)
            del primals_12
            buf33 = empty_strided_cuda((8, 512, 1376), (720896, 1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:22
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf29, buf31, buf33, 5636096, stream=stream0)
            buf34 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10, down_proj], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:23
            extern_kernels.mm(reinterpret_tensor(buf33, (4096, 1376), (1408, 1), 0), buf32, out=buf34)
            buf35 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf36 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf37 = reinterpret_tensor(buf36, (8, 512, 1), (512, 1, 1), 0); del buf36  # reuse
            buf39 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_3, hidden_states_3, down_proj, hidden_states_7, pow_3, variance_2, add_9, rsqrt_2, hidden_states_9, hidden_states_10, linear_7], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10:24
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_10.run(buf37, buf0, buf24, buf34, primals_13, buf35, buf39, 4096, 512, stream=stream0)
            del buf34
            buf38 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_7], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:25
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_14, buf38, 262144, stream=stream0)
            del primals_14
            buf40 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_9, hidden_states_10, linear_7], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:26
            extern_kernels.mm(reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf38, out=buf40)
            buf41 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:27
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_15, buf41, 262144, stream=stream0)
            del primals_15
            buf42 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_9, hidden_states_10, linear_7, linear_8], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:28
            extern_kernels.mm(reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf41, out=buf42)
            buf43 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_9], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:29
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_16, buf43, 262144, stream=stream0)
            del primals_16
            buf44 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_9, hidden_states_10, linear_7, linear_9], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:30
            extern_kernels.mm(reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf43, out=buf44)
            buf45 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf48 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            buf49 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, cos_3, sin_3, linear_7, view_3, query_states_1, linear_8, view_4, key_states_1, mul_13, x1_2, x2_2, neg_2, cat_5, mul_14, q_embed_1, mul_15, x1_3, x2_3, neg_3, cat_6, mul_16, k_embed_1, attn_output_4], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.unsqueeze, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:31
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf42, buf2, buf40, buf45, buf48, buf49, 2097152, stream=stream0)
            del buf40
            buf46 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf47 = reinterpret_tensor(buf42, (8, 8, 512, 64), (262144, 64, 512, 1), 0); del buf42  # reuse
            # Topologically Sorted Source Nodes: [linear_9, view_5, value_states_1, values_1, attn_output_4], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:32
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf44, buf46, buf47, 2097152, stream=stream0)
            del buf44
            # Topologically Sorted Source Nodes: [attn_output_4], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:33
            buf50 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf49, buf48, buf47, buf17, True, scale=0.125)
            buf51 = buf50[0]
            assert_size_stride(buf51, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf51, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf52 = buf50[1]
            assert_size_stride(buf52, (8, 8, 512, 1), (4096, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf52, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf53 = buf50[6]
            assert_size_stride(buf53, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf53, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf54 = buf50[7]
            assert_size_stride(buf54, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf54, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf50
            buf55 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_7], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:34
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_17, buf55, 262144, stream=stream0)
            del primals_17
            buf56 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_8, reshape_1, attn_output_7], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:35
            extern_kernels.mm(reinterpret_tensor(buf51, (4096, 512), (512, 1), 0), buf55, out=buf56)
            buf57 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf58 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf59 = reinterpret_tensor(buf58, (8, 512, 1), (512, 1, 1), 0); del buf58  # reuse
            buf61 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_7, hidden_states_11, pow_4, variance_3, add_13, rsqrt_3, hidden_states_13, hidden_states_14, linear_11], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:36
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf59, buf35, buf56, primals_18, buf57, buf61, 4096, 512, stream=stream0)
            del buf56
            buf60 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_11], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:37
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_19, buf60, 704512, stream=stream0)
            del primals_19
            buf62 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_13, hidden_states_14, linear_11], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:38
            extern_kernels.mm(reinterpret_tensor(buf61, (4096, 512), (512, 1), 0), buf60, out=buf62)
            buf63 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_12], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:39
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_20, buf63, 704512, stream=stream0)
            del primals_20
            buf64 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_13, hidden_states_14, linear_11, linear_12], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:40
            extern_kernels.mm(reinterpret_tensor(buf61, (4096, 512), (512, 1), 0), buf63, out=buf64)
            buf65 = empty_strided_cuda((1376, 512), (1, 1408), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj_1], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:41
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_8.run(primals_21, buf65, 704512, stream=stream0)
            del primals_21
            buf66 = empty_strided_cuda((8, 512, 1376), (720896, 1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_11, silu_1, linear_12, mul_19], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:42
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf62, buf64, buf66, 5636096, stream=stream0)
            buf67 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_11, silu_1, linear_12, mul_19, down_proj_1], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:43
            extern_kernels.mm(reinterpret_tensor(buf66, (4096, 1376), (1408, 1), 0), buf65, out=buf67)
            buf68 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf69 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf70 = reinterpret_tensor(buf69, (8, 512, 1), (512, 1, 1), 0); del buf69  # reuse
            buf72 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj_1, hidden_states_15, pow_5, variance_4, add_15, rsqrt_4, hidden_states_17, hidden_states_18, linear_14], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:44
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf70, buf57, buf67, primals_22, buf68, buf72, 4096, 512, stream=stream0)
            del buf67
            buf71 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_14], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:45
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_23, buf71, 262144, stream=stream0)
            del primals_23
            buf73 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_17, hidden_states_18, linear_14], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:46
            extern_kernels.mm(reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf71, out=buf73)
            buf74 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_15], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:47
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_24, buf74, 262144, stream=stream0)
            del primals_24
            buf75 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_17, hidden_states_18, linear_14, linear_15], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:48
            extern_kernels.mm(reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf74, out=buf75)
            buf76 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_16], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:49
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_25, buf76, 262144, stream=stream0)
            del primals_25
            buf77 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_17, hidden_states_18, linear_14, linear_16], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:50
            extern_kernels.mm(reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf76, out=buf77)
            buf78 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf81 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            buf82 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, cos_3, sin_3, linear_14, view_6, query_states_2, linear_15, view_7, key_states_2, mul_22, x1_4, x2_4, neg_4, cat_9, mul_23, q_embed_2, mul_24, x1_5, x2_5, neg_5, cat_10, mul_25, k_embed_2, attn_output_8], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.unsqueeze, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:51
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf75, buf2, buf73, buf78, buf81, buf82, 2097152, stream=stream0)
            del buf73
            buf79 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf80 = reinterpret_tensor(buf75, (8, 8, 512, 64), (262144, 64, 512, 1), 0); del buf75  # reuse
            # Topologically Sorted Source Nodes: [linear_16, view_8, value_states_2, values_2, attn_output_8], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:52
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf77, buf79, buf80, 2097152, stream=stream0)
            del buf77
            # Topologically Sorted Source Nodes: [attn_output_8], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:53
            buf83 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf82, buf81, buf80, buf17, True, scale=0.125)
            buf84 = buf83[0]
            assert_size_stride(buf84, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf84, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf85 = buf83[1]
            assert_size_stride(buf85, (8, 8, 512, 1), (4096, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf85, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf86 = buf83[6]
            assert_size_stride(buf86, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf86, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf87 = buf83[7]
            assert_size_stride(buf87, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf87, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf83
            buf88 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_11], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:54
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_26, buf88, 262144, stream=stream0)
            del primals_26
            buf89 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_12, reshape_2, attn_output_11], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:55
            extern_kernels.mm(reinterpret_tensor(buf84, (4096, 512), (512, 1), 0), buf88, out=buf89)
            buf90 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf91 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf92 = reinterpret_tensor(buf91, (8, 512, 1), (512, 1, 1), 0); del buf91  # reuse
            buf94 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_11, hidden_states_19, pow_6, variance_5, add_19, rsqrt_5, hidden_states_21, hidden_states_22, linear_18], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:56
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf92, buf68, buf89, primals_27, buf90, buf94, 4096, 512, stream=stream0)
            del buf89
            buf93 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_18], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:57
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_28, buf93, 704512, stream=stream0)
            del primals_28
            buf95 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_21, hidden_states_22, linear_18], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:58
            extern_kernels.mm(reinterpret_tensor(buf94, (4096, 512), (512, 1), 0), buf93, out=buf95)
            buf96 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_19], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:59
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_29, buf96, 704512, stream=stream0)
            del primals_29
            buf97 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_21, hidden_states_22, linear_18, linear_19], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:60
            extern_kernels.mm(reinterpret_tensor(buf94, (4096, 512), (512, 1), 0), buf96, out=buf97)
            buf98 = empty_strided_cuda((1376, 512), (1, 1408), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj_2], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:61
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_8.run(primals_30, buf98, 704512, stream=stream0)
            del primals_30
            buf99 = empty_strided_cuda((8, 512, 1376), (720896, 1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_18, silu_2, linear_19, mul_28], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:62
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf95, buf97, buf99, 5636096, stream=stream0)
            buf100 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_18, silu_2, linear_19, mul_28, down_proj_2], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:63
            extern_kernels.mm(reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0), buf98, out=buf100)
            buf101 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf102 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf103 = reinterpret_tensor(buf102, (8, 512, 1), (512, 1, 1), 0); del buf102  # reuse
            buf105 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj_2, hidden_states_23, pow_7, variance_6, add_21, rsqrt_6, hidden_states_25, hidden_states_26, linear_21], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:64
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf103, buf90, buf100, primals_31, buf101, buf105, 4096, 512, stream=stream0)
            del buf100
            buf104 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_21], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:65
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_32, buf104, 262144, stream=stream0)
            del primals_32
            buf106 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_25, hidden_states_26, linear_21], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:66
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf104, out=buf106)
            buf107 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_22], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:67
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_33, buf107, 262144, stream=stream0)
            del primals_33
            buf108 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_25, hidden_states_26, linear_21, linear_22], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:68
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf107, out=buf108)
            buf109 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_23], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:69
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_34, buf109, 262144, stream=stream0)
            del primals_34
            buf110 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_25, hidden_states_26, linear_21, linear_23], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:70
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf109, out=buf110)
            buf111 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf114 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            buf115 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [, freqs, emb, cos, cos_1, sin, sin_1, cos_3, sin_3, linear_21, view_9, query_states_3, linear_22, view_10, key_states_3, mul_31, x1_6, x2_6, neg_6, cat_13, mul_32, q_embed_3, mul_33, x1_7, x2_7, neg_7, cat_14, mul_34, k_embed_3, attn_output_12], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.unsqueeze, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.add, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3:71
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_add_bmm_cat_cos_mul_neg_sin_slice_transpose_unsqueeze_view_3.run(buf108, buf2, buf106, buf111, buf114, buf115, 2097152, stream=stream0)
            del buf106
            buf112 = empty_strided_cuda((8, 8, 512, 64), (262144, 64, 512, 1), torch.float32)
            buf113 = reinterpret_tensor(buf108, (8, 8, 512, 64), (262144, 64, 512, 1), 0); del buf108  # reuse
            # Topologically Sorted Source Nodes: [linear_23, view_11, value_states_3, values_3, attn_output_12], Original ATen: [aten._unsafe_view, aten.view, aten.transpose, aten.cat, aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4:72
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_cat_transpose_view_4.run(buf110, buf112, buf113, 2097152, stream=stream0)
            del buf110
            # Topologically Sorted Source Nodes: [attn_output_12], Original ATen: [aten._scaled_dot_product_cudnn_attention]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention.default:73
            buf116 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(buf115, buf114, buf113, buf17, True, scale=0.125)
            buf117 = buf116[0]
            assert_size_stride(buf117, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf117, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf118 = buf116[1]
            assert_size_stride(buf118, (8, 8, 512, 1), (4096, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf118, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf119 = buf116[6]
            assert_size_stride(buf119, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf119, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf120 = buf116[7]
            assert_size_stride(buf120, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf120, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf116
            buf121 = empty_strided_cuda((512, 512), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_15], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_2:74
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_2.run(primals_35, buf121, 262144, stream=stream0)
            del primals_35
            buf122 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_16, reshape_3, attn_output_15], Original ATen: [aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:75
            extern_kernels.mm(reinterpret_tensor(buf117, (4096, 512), (512, 1), 0), buf121, out=buf122)
            buf123 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf124 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf125 = reinterpret_tensor(buf124, (8, 512, 1), (512, 1, 1), 0); del buf124  # reuse
            buf127 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_15, hidden_states_27, pow_8, variance_7, add_25, rsqrt_7, hidden_states_29, hidden_states_30, linear_25], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:76
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf125, buf101, buf122, primals_36, buf123, buf127, 4096, 512, stream=stream0)
            del buf122
            buf126 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_25], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:77
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_37, buf126, 704512, stream=stream0)
            del primals_37
            buf128 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_29, hidden_states_30, linear_25], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:78
            extern_kernels.mm(reinterpret_tensor(buf127, (4096, 512), (512, 1), 0), buf126, out=buf128)
            buf129 = empty_strided_cuda((512, 1376), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_26], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_7:79
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_7.run(primals_38, buf129, 704512, stream=stream0)
            del primals_38
            buf130 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_29, hidden_states_30, linear_25, linear_26], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:80
            extern_kernels.mm(reinterpret_tensor(buf127, (4096, 512), (512, 1), 0), buf129, out=buf130)
            buf131 = empty_strided_cuda((1376, 512), (1, 1408), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj_3], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_8:81
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_8.run(primals_39, buf131, 704512, stream=stream0)
            del primals_39
            buf132 = empty_strided_cuda((8, 512, 1376), (720896, 1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_25, silu_3, linear_26, mul_37], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_9:82
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_9.run(buf128, buf130, buf132, 5636096, stream=stream0)
            buf133 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_25, silu_3, linear_26, mul_37, down_proj_3], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:83
            extern_kernels.mm(reinterpret_tensor(buf132, (4096, 1376), (1408, 1), 0), buf131, out=buf133)
            buf134 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.float32)
            buf135 = empty_strided_cuda((8, 512, 1), (512, 1, 4096), torch.float32)
            buf136 = reinterpret_tensor(buf135, (8, 512, 1), (512, 1, 1), 0); del buf135  # reuse
            buf138 = empty_strided_cuda((8, 512, 512), (262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [down_proj_3, hidden_states_31, pow_9, variance_8, add_27, rsqrt_8, hidden_states_33, hidden_states_34, logits], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten._to_copy]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11:84
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_mean_mul_pow_rsqrt_11.run(buf136, buf123, buf133, primals_40, buf134, buf138, 4096, 512, stream=stream0)
            del buf133
            buf137 = empty_strided_cuda((512, 32000), (1, 512), torch.bfloat16)
            # Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy, aten.t]
            # [Provenance debug handles] triton_poi_fused__to_copy_t_12:85
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_t_12.run(primals_41, buf137, 16384000, stream=stream0)
            del primals_41
            buf139 = empty_strided_cuda((4096, 32000), (32000, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_33, hidden_states_34, logits], Original ATen: [aten.mul, aten._to_copy, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:86
            extern_kernels.mm(reinterpret_tensor(buf138, (4096, 512), (512, 1), 0), buf137, out=buf139)
            buf140 = empty_strided_cuda((8, 513), (513, 1), torch.int64)
            # Topologically Sorted Source Nodes: [labels], Original ATen: [aten.constant_pad_nd]
            # [Provenance debug handles] triton_poi_fused_constant_pad_nd_13:87
            stream0 = get_raw_stream(0)
            triton_poi_fused_constant_pad_nd_13.run(primals_1, buf140, 4104, stream=stream0)
            buf141 = empty_strided_cuda((4096, 1), (1, 1), torch.float32)
            buf142 = empty_strided_cuda((4096, 1), (1, 4096), torch.float32)
            buf143 = reinterpret_tensor(buf142, (4096, 1), (1, 1), 0); del buf142  # reuse
            # Topologically Sorted Source Nodes: [logits, logits_1, logits_2, , loss], Original ATen: [aten._unsafe_view, aten._to_copy, aten.view, prims.prepare_softmax_online, aten._log_softmax]
            # [Provenance debug handles] triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14:88
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__to_copy__unsafe_view_prepare_softmax_online_view_14.run(buf143, buf139, buf141, 4096, 32000, stream=stream0)
            buf146 = empty_strided_cuda((), (), torch.float32)
            buf145 = empty_strided_cuda((), (), torch.float32)
            buf147 = buf146; del buf146  # reuse
            # Topologically Sorted Source Nodes: [logits, logits_1, getitem_23, shift_labels, logits_2, shift_labels_1, , loss], Original ATen: [aten._unsafe_view, aten._to_copy, aten.slice, aten.clone, aten.view, aten.sub, aten._log_softmax, aten.nll_loss_forward]
            # [Provenance debug handles] triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15:89
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__to_copy__unsafe_view_clone_nll_loss_forward_slice_sub_view_15.run(buf147, buf140, buf139, buf141, buf143, buf145, 1, 4096, stream=stream0)
        return (buf13, buf12, buf46, buf45, buf79, buf78, buf112, buf111, buf147, reinterpret_tensor(buf139, (8, 512, 32000), (16384000, 32000, 1), 0), primals_1, primals_4, primals_9, primals_13, primals_18, primals_22, primals_27, primals_31, primals_36, primals_40, buf0, buf2, buf4, reinterpret_tensor(buf6, (4096, 512), (512, 1), 0), buf14, buf15, buf16, buf17, buf19, buf20, buf21, buf22, buf24, buf26, reinterpret_tensor(buf28, (4096, 512), (512, 1), 0), buf29, buf31, reinterpret_tensor(buf33, (4096, 1376), (1408, 1), 0), buf35, buf37, reinterpret_tensor(buf39, (4096, 512), (512, 1), 0), buf47, buf48, buf49, buf51, buf52, buf53, buf54, buf57, buf59, reinterpret_tensor(buf61, (4096, 512), (512, 1), 0), buf62, buf64, reinterpret_tensor(buf66, (4096, 1376), (1408, 1), 0), buf68, buf70, reinterpret_tensor(buf72, (4096, 512), (512, 1), 0), buf80, buf81, buf82, buf84, buf85, buf86, buf87, buf90, buf92, reinterpret_tensor(buf94, (4096, 512), (512, 1), 0), buf95, buf97, reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0), buf101, buf103, reinterpret_tensor(buf105, (4096, 512), (512, 1), 0), buf113, buf114, buf115, buf117, buf118, buf119, buf120, buf123, buf125, reinterpret_tensor(buf127, (4096, 512), (512, 1), 0), buf128, buf130, reinterpret_tensor(buf132, (4096, 1376), (1408, 1), 0), buf134, buf136, reinterpret_tensor(buf138, (4096, 512), (512, 1), 0), reinterpret_tensor(buf139, (8, 512, 32000), (16384000, 32000, 1), 0), buf140, buf141, buf143, buf145, reinterpret_tensor(buf137, (32000, 512), (512, 1), 0), reinterpret_tensor(buf131, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf129, (1376, 512), (512, 1), 0), reinterpret_tensor(buf126, (1376, 512), (512, 1), 0), reinterpret_tensor(buf121, (512, 512), (512, 1), 0), reinterpret_tensor(buf109, (512, 512), (512, 1), 0), reinterpret_tensor(buf107, (512, 512), (512, 1), 0), reinterpret_tensor(buf104, (512, 512), (512, 1), 0), reinterpret_tensor(buf98, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf96, (1376, 512), (512, 1), 0), reinterpret_tensor(buf93, (1376, 512), (512, 1), 0), reinterpret_tensor(buf88, (512, 512), (512, 1), 0), reinterpret_tensor(buf76, (512, 512), (512, 1), 0), reinterpret_tensor(buf74, (512, 512), (512, 1), 0), reinterpret_tensor(buf71, (512, 512), (512, 1), 0), reinterpret_tensor(buf65, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf63, (1376, 512), (512, 1), 0), reinterpret_tensor(buf60, (1376, 512), (512, 1), 0), reinterpret_tensor(buf55, (512, 512), (512, 1), 0), reinterpret_tensor(buf43, (512, 512), (512, 1), 0), reinterpret_tensor(buf41, (512, 512), (512, 1), 0), reinterpret_tensor(buf38, (512, 512), (512, 1), 0), reinterpret_tensor(buf32, (512, 1376), (1408, 1), 0), reinterpret_tensor(buf30, (1376, 512), (512, 1), 0), reinterpret_tensor(buf27, (1376, 512), (512, 1), 0), reinterpret_tensor(buf23, (512, 512), (512, 1), 0), reinterpret_tensor(buf10, (512, 512), (512, 1), 0), reinterpret_tensor(buf8, (512, 512), (512, 1), 0), reinterpret_tensor(buf5, (512, 512), (512, 1), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((8, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((32000, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_3 = rand_strided((32, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_4 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_5 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_7 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_11 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_20 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_25 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_29 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_31 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_32 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_33 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_34 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_35 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_37 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_38 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    primals_39 = rand_strided((512, 1376), (1376, 1), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_41 = rand_strided((32000, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
