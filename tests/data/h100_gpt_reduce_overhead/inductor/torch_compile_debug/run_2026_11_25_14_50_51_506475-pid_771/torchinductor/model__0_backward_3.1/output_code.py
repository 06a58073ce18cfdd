# AOT ID: ['0_backward']
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
from torch._C import _cuda_getCurrentRawStream as get_raw_stream



# kernel path: /tmp/torchinductor_root/sx/csx2fek7pcwuyxkep6mznylybnfxizk7j64mhhe36brio3os67hb.py
# Topologically Sorted Source Nodes: [view_27, mul_17, mul_18, sum_1, mul_19, sum_2, mul_20, sub_6, sub_7, mul_21], Original ATen: [aten.view, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_17 => mul_17
#   mul_18 => mul_18
#   mul_19 => mul_19
#   mul_20 => mul_20
#   mul_21 => mul_21
#   sub_6 => sub_6
#   sub_7 => sub_7
#   sum_1 => sum_1
#   sum_2 => sum_2
#   view_27 => view_27
# Graph fragment:
#   %mm_2 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %primals_28 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_28]
#   %mul_14 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_14]
#   %div : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=div]
#   %sum_1 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=sum_1]
#   %sum_2 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=sum_2]
#   %view_27 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [8, 32, 64]), kwargs = {})
#   %mul_17 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_27, %primals_28), kwargs = {})
#   %mul_18 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_17, 64), kwargs = {})
#   %sum_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_17, [2], True), kwargs = {})
#   %mul_19 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_17, %mul_14), kwargs = {})
#   %sum_2 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_19, [2], True), kwargs = {})
#   %mul_20 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %sum_2), kwargs = {})
#   %sub_6 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_18, %sum_1), kwargs = {})
#   %sub_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_6, %mul_20), kwargs = {})
#   %mul_21 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div, %sub_7), kwargs = {})
#   return %sum_1,%sum_2,%mul_21
triton_per_fused_native_layer_norm_backward_view_0 = async_compile.triton('triton_per_fused_native_layer_norm_backward_view_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_view_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1024, 'r0_': 262400}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_view_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr2 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp13 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp2 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tmp14 = tl.full([1, 1], 64.0, tl.float32)
    tmp15 = tmp2 * tmp14
    tmp16 = tmp15 - tmp6
    tmp17 = tmp7 * tmp12
    tmp18 = tmp16 - tmp17
    tmp19 = tmp13 * tmp18
    tl.store(out_ptr2 + (r0_1 + 64*x0), tmp19, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/sd/csdwt4z5iccahbgcyyygurebhblbx7dxuguxtmvd4nhapdai66md.py
# Topologically Sorted Source Nodes: [view_27, mul_22, sum_3, sum_4], Original ATen: [aten.view, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_22 => mul_22
#   sum_3 => sum_3
#   sum_4 => sum_4
#   view_27 => view_27
# Graph fragment:
#   %mm_2 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %mul_14 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_14]
#   %view_27 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [8, 32, 64]), kwargs = {})
#   %mul_22 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_27, %mul_14), kwargs = {})
#   %sum_3 : Tensor "f32[64][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_22, [0, 1]), kwargs = {})
#   %sum_4 : Tensor "f32[64][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_27, [0, 1]), kwargs = {})
#   return %buf5,%buf7
triton_red_fused_native_layer_norm_backward_view_1 = async_compile.triton('triton_red_fused_native_layer_norm_backward_view_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 128, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_view_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 133120, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_view_1(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 128
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 64)
    x1 = xindex // 64
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp7 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 64*r0_2 + 8192*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 64*r0_2 + 8192*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp6 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp8 = _tmp7 + tmp6
        _tmp7 = tl.where(r0_mask & xmask, tmp8, _tmp7)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp7 = tl.sum(_tmp7, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp4, xmask)
    tl.store(out_ptr1 + (x3), tmp7, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/p5/cp5yi35qg5pghw3ysfipnx3nofexbkshz2ccuourgvb5p4jzazfc.py
# Topologically Sorted Source Nodes: [view_27, mul_22, sum_3], Original ATen: [aten.view, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_22 => mul_22
#   sum_3 => sum_3
#   view_27 => view_27
# Graph fragment:
#   %buf5 : Tensor "f32[64, 2][1, 64]cuda:0" = PlaceHolder[target=buf5]
#   %view_27 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [8, 32, 64]), kwargs = {})
#   %mul_22 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_27, %mul_14), kwargs = {})
#   %sum_3 : Tensor "f32[64][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_22, [0, 1]), kwargs = {})
#   return %sum_3
triton_per_fused_native_layer_norm_backward_view_2 = async_compile.triton('triton_per_fused_native_layer_norm_backward_view_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 2},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1024, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_view_2(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 2
    R0_BLOCK: tl.constexpr = 2
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/iq/ciq24vwgyvcqppvmspk3hxd6zpunmn7saba5q2vsurg2nvr2w2s4.py
# Topologically Sorted Source Nodes: [view_28, sum_5], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_5 => sum_5
#   view_28 => view_28
# Graph fragment:
#   %mul_21 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_21]
#   %view_28 : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_21, [256, 64]), kwargs = {})
#   %sum_5 : Tensor "f32[1, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_28, [0], True), kwargs = {})
#   return %buf11
triton_red_fused_sum_view_3 = async_compile.triton('triton_red_fused_sum_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 128, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 66560, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_sum_view_3(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 128
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 64)
    x1 = xindex // 64
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 64*r0_2 + 8192*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/up/cup52zlscz6soqvt3tyysqrmws3tc4szxbzupgy3q3jjv4sjgomr.py
# Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29], Original ATen: [aten.view, aten.gelu, aten.gelu_backward]
# Source node to ATen node mapping:
#   add_18 => add_18
#   exp => exp
#   gelu_1 => add_13, erf_1, mul_12
#   linear_6 => view_21
#   mul_24 => mul_24
#   mul_25 => mul_25
#   mul_26 => mul_26
#   mul_27 => mul_27
#   mul_28 => mul_28
#   mul_29 => mul_29
#   view_30 => view_30
# Graph fragment:
#   %mm_3 : Tensor "f32[256, 256][256, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %addmm_6 : Tensor "f32[256, 256][256, 1]cuda:0" = PlaceHolder[target=addmm_6]
#   %view_30 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 32, 256]), kwargs = {})
#   %view_21 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_6, [8, 32, 256]), kwargs = {})
#   %mul_12 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, 0.7071067811865476), kwargs = {})
#   %erf_1 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_12,), kwargs = {})
#   %add_13 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_1, 1), kwargs = {})
#   %mul_24 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_13, 0.5), kwargs = {})
#   %mul_25 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, %view_21), kwargs = {})
#   %mul_26 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_25, -0.5), kwargs = {})
#   %exp : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_26,), kwargs = {})
#   %mul_27 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp, 0.3989422804014327), kwargs = {})
#   %mul_28 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, %mul_27), kwargs = {})
#   %add_18 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_24, %mul_28), kwargs = {})
#   %mul_29 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_30, %add_18), kwargs = {})
#   return %mul_29
triton_poi_fused_gelu_gelu_backward_view_4 = async_compile.triton('triton_poi_fused_gelu_gelu_backward_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 65536}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_gelu_backward_view_4', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1048576}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_gelu_backward_view_4(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 65536
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None)
    tmp1 = tl.load(in_ptr0 + (x0), None)
    tmp2 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = libdevice.erf(tmp3)
    tmp5 = tl.full([1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = tl.full([1], 0.5, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp1 * tmp1
    tmp10 = tl.full([1], -0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.exp(tmp11)
    tmp13 = tl.full([1], 0.3989422804014327, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp1 * tmp14
    tmp16 = tmp8 + tmp15
    tmp17 = tmp0 * tmp16
    tl.store(in_out_ptr0 + (x0), tmp17, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ln/clnwzwpnt7bu4s36mu3qryw3x5sd77irqdo72nrsbmat4mgbmmxv.py
# Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29, view_31, sum_6], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
# Source node to ATen node mapping:
#   add_18 => add_18
#   exp => exp
#   gelu_1 => add_13, erf_1, mul_12
#   linear_6 => view_21
#   mul_24 => mul_24
#   mul_25 => mul_25
#   mul_26 => mul_26
#   mul_27 => mul_27
#   mul_28 => mul_28
#   mul_29 => mul_29
#   sum_6 => sum_6
#   view_30 => view_30
#   view_31 => view_31
# Graph fragment:
#   %mul_29 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0" = PlaceHolder[target=mul_29]
#   %view_30 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 32, 256]), kwargs = {})
#   %view_21 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_6, [8, 32, 256]), kwargs = {})
#   %mul_12 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, 0.7071067811865476), kwargs = {})
#   %erf_1 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_12,), kwargs = {})
#   %add_13 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_1, 1), kwargs = {})
#   %mul_24 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_13, 0.5), kwargs = {})
#   %mul_25 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, %view_21), kwargs = {})
#   %mul_26 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_25, -0.5), kwargs = {})
#   %exp : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_26,), kwargs = {})
#   %mul_27 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp, 0.3989422804014327), kwargs = {})
#   %mul_28 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, %mul_27), kwargs = {})
#   %add_18 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_24, %mul_28), kwargs = {})
#   %mul_29 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_30, %add_18), kwargs = {})
#   %view_31 : Tensor "f32[256, 256][256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_29, [256, 256]), kwargs = {})
#   %sum_6 : Tensor "f32[1, 256][256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_31, [0], True), kwargs = {})
#   return %buf16
triton_red_fused_gelu_gelu_backward_sum_view_5 = async_compile.triton('triton_red_fused_gelu_gelu_backward_sum_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 512, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_gelu_gelu_backward_sum_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 266240, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_gelu_gelu_backward_sum_view_5(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 512
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 256)
    x1 = xindex // 256
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 256*r0_2 + 32768*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/x4/cx4gbcn6c2m7edetezy5dg6ybhu2m2wovundaw6pjga7jbe7jum2.py
# Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29, view_31, sum_6], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
# Source node to ATen node mapping:
#   add_18 => add_18
#   exp => exp
#   gelu_1 => add_13, erf_1, mul_12
#   linear_6 => view_21
#   mul_24 => mul_24
#   mul_25 => mul_25
#   mul_26 => mul_26
#   mul_27 => mul_27
#   mul_28 => mul_28
#   mul_29 => mul_29
#   sum_6 => sum_6
#   view_30 => view_30
#   view_31 => view_31
# Graph fragment:
#   %buf16 : Tensor "f32[1, 256, 2][512, 1, 256]cuda:0" = PlaceHolder[target=buf16]
#   %view_30 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 32, 256]), kwargs = {})
#   %view_21 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_6, [8, 32, 256]), kwargs = {})
#   %mul_12 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, 0.7071067811865476), kwargs = {})
#   %erf_1 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_12,), kwargs = {})
#   %add_13 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_1, 1), kwargs = {})
#   %mul_24 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_13, 0.5), kwargs = {})
#   %mul_25 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, %view_21), kwargs = {})
#   %mul_26 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_25, -0.5), kwargs = {})
#   %exp : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_26,), kwargs = {})
#   %mul_27 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp, 0.3989422804014327), kwargs = {})
#   %mul_28 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_21, %mul_27), kwargs = {})
#   %add_18 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_24, %mul_28), kwargs = {})
#   %mul_29 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_30, %add_18), kwargs = {})
#   %view_31 : Tensor "f32[256, 256][256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_29, [256, 256]), kwargs = {})
#   %sum_6 : Tensor "f32[1, 256][256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_31, [0], True), kwargs = {})
#   return %sum_6
triton_per_fused_gelu_gelu_backward_sum_view_6 = async_compile.triton('triton_per_fused_gelu_gelu_backward_sum_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 2},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_gelu_gelu_backward_sum_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4096, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_gelu_gelu_backward_sum_view_6(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 2
    R0_BLOCK: tl.constexpr = 2
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 256*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/kl/ckl7p4jltvpvwrnsa73rbx43d2tr5wpocpgdhmcekhcq55bnpznd.py
# Topologically Sorted Source Nodes: [view_33, mul_31, mul_32, sum_7, mul_33, sum_8, mul_34, sub_9, sub_10, mul_35, add_19], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
# Source node to ATen node mapping:
#   add_19 => add_19
#   mul_31 => mul_31
#   mul_32 => mul_32
#   mul_33 => mul_33
#   mul_34 => mul_34
#   mul_35 => mul_35
#   sub_10 => sub_10
#   sub_9 => sub_9
#   sum_7 => sum_7
#   sum_8 => sum_8
#   view_33 => view_33
# Graph fragment:
#   %mm_5 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %primals_22 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_22]
#   %mul_9 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_9]
#   %mul_21 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_21]
#   %div_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=div_1]
#   %sum_7 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=sum_7]
#   %sum_8 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=sum_8]
#   %view_33 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_5, [8, 32, 64]), kwargs = {})
#   %mul_31 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_33, %primals_22), kwargs = {})
#   %mul_32 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_31, 64), kwargs = {})
#   %sum_7 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_31, [2], True), kwargs = {})
#   %mul_33 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_31, %mul_9), kwargs = {})
#   %sum_8 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_33, [2], True), kwargs = {})
#   %mul_34 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_9, %sum_8), kwargs = {})
#   %sub_9 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_32, %sum_7), kwargs = {})
#   %sub_10 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_9, %mul_34), kwargs = {})
#   %mul_35 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_1, %sub_10), kwargs = {})
#   %add_19 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_21, %mul_35), kwargs = {})
#   return %sum_7,%sum_8,%add_19
triton_per_fused_add_native_layer_norm_backward_view_7 = async_compile.triton('triton_per_fused_add_native_layer_norm_backward_view_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_backward_view_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1024, 'r0_': 327936}}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_backward_view_7(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr2 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp13 = tl.load(in_out_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp14 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp2 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tmp15 = tl.full([1, 1], 64.0, tl.float32)
    tmp16 = tmp2 * tmp15
    tmp17 = tmp16 - tmp6
    tmp18 = tmp7 * tmp12
    tmp19 = tmp17 - tmp18
    tmp20 = tmp14 * tmp19
    tmp21 = tmp13 + tmp20
    tl.store(in_out_ptr0 + (r0_1 + 64*x0), tmp21, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/wf/cwfei4io5lsdvfmlxmvcwzt2p7bbqdntaq2eutgub5co2k3ilgih.py
# Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat], Original ATen: [aten.transpose, aten.view, aten.cat]
# Source node to ATen node mapping:
#   cat => cat
#   permute_34 => permute_34
#   permute_35 => permute_35
#   permute_36 => permute_36
#   view_38 => view_38
#   view_39 => view_39
#   view_40 => view_40
# Graph fragment:
#   %getitem_24 : Tensor "f32[8, 4, 32, 16][2048, 16, 64, 1]cuda:0" = PlaceHolder[target=getitem_24]
#   %getitem_25 : Tensor "f32[8, 4, 32, 16][2048, 16, 64, 1]cuda:0" = PlaceHolder[target=getitem_25]
#   %getitem_26 : Tensor "f32[8, 4, 32, 16][2048, 16, 64, 1]cuda:0" = PlaceHolder[target=getitem_26]
#   %permute_34 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_26, [0, 2, 1, 3]), kwargs = {})
#   %view_38 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_34, [8, 32, 64]), kwargs = {})
#   %permute_35 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_25, [0, 2, 1, 3]), kwargs = {})
#   %view_39 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_35, [8, 32, 64]), kwargs = {})
#   %permute_36 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_24, [0, 2, 1, 3]), kwargs = {})
#   %view_40 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_36, [8, 32, 64]), kwargs = {})
#   %cat : Tensor "f32[8, 32, 192][6144, 192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_40, %view_39, %view_38], 2), kwargs = {})
#   return %cat
triton_poi_fused_cat_transpose_view_8 = async_compile.triton('triton_poi_fused_cat_transpose_view_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 65536}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_cat_transpose_view_8', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 589824}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_cat_transpose_view_8(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 49152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 192)
    x1 = xindex // 192
    x2 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = tl.full([1], 64, tl.int64)
    tmp4 = tmp0 < tmp3
    tmp5 = tl.load(in_ptr0 + (64*x1 + (x0)), tmp4, eviction_policy='evict_last', other=0.0)
    tmp6 = tmp0 >= tmp3
    tmp7 = tl.full([1], 128, tl.int64)
    tmp8 = tmp0 < tmp7
    tmp9 = tmp6 & tmp8
    tmp10 = tl.load(in_ptr1 + (64*x1 + ((-64) + x0)), tmp9, eviction_policy='evict_last', other=0.0)
    tmp11 = tmp0 >= tmp7
    tmp12 = tl.full([1], 192, tl.int64)
    tmp13 = tmp0 < tmp12
    tmp14 = tl.load(in_ptr2 + (64*x1 + ((-128) + x0)), tmp11, eviction_policy='evict_last', other=0.0)
    tmp15 = tl.where(tmp9, tmp10, tmp14)
    tmp16 = tl.where(tmp4, tmp5, tmp15)
    tl.store(out_ptr0 + (x2), tmp16, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/45/c457zfsfqyjisqfnncrpjmxbumu2ih3kxj7ptvpjmd2css3q3tmr.py
# Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat, view_41, sum_12], Original ATen: [aten.transpose, aten.view, aten.cat, aten.sum]
# Source node to ATen node mapping:
#   cat => cat
#   permute_34 => permute_34
#   permute_35 => permute_35
#   permute_36 => permute_36
#   sum_12 => sum_12
#   view_38 => view_38
#   view_39 => view_39
#   view_40 => view_40
#   view_41 => view_41
# Graph fragment:
#   %cat : Tensor "f32[8, 32, 192][6144, 192, 1]cuda:0" = PlaceHolder[target=cat]
#   %permute_34 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_26, [0, 2, 1, 3]), kwargs = {})
#   %view_38 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_34, [8, 32, 64]), kwargs = {})
#   %permute_35 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_25, [0, 2, 1, 3]), kwargs = {})
#   %view_39 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_35, [8, 32, 64]), kwargs = {})
#   %permute_36 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_24, [0, 2, 1, 3]), kwargs = {})
#   %view_40 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_36, [8, 32, 64]), kwargs = {})
#   %cat : Tensor "f32[8, 32, 192][6144, 192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_40, %view_39, %view_38], 2), kwargs = {})
#   %view_41 : Tensor "f32[256, 192][192, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [256, 192]), kwargs = {})
#   %sum_12 : Tensor "f32[1, 192][192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_41, [0], True), kwargs = {})
#   return %buf36
triton_red_fused_cat_sum_transpose_view_9 = async_compile.triton('triton_red_fused_cat_sum_transpose_view_9', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 512, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_cat_sum_transpose_view_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 199680, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_cat_sum_transpose_view_9(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 384
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 192)
    x1 = xindex // 192
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 192*r0_2 + 24576*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/b3/cb3hmgapzmvoqtmz7f6ydbatfvg52pcn2kxmo4jx6mf7e7sd2t66.py
# Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat, view_41, sum_12], Original ATen: [aten.transpose, aten.view, aten.cat, aten.sum]
# Source node to ATen node mapping:
#   cat => cat
#   permute_34 => permute_34
#   permute_35 => permute_35
#   permute_36 => permute_36
#   sum_12 => sum_12
#   view_38 => view_38
#   view_39 => view_39
#   view_40 => view_40
#   view_41 => view_41
# Graph fragment:
#   %buf36 : Tensor "f32[1, 192, 2][384, 1, 192]cuda:0" = PlaceHolder[target=buf36]
#   %permute_34 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_26, [0, 2, 1, 3]), kwargs = {})
#   %view_38 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_34, [8, 32, 64]), kwargs = {})
#   %permute_35 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_25, [0, 2, 1, 3]), kwargs = {})
#   %view_39 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_35, [8, 32, 64]), kwargs = {})
#   %permute_36 : Tensor "f32[8, 32, 4, 16][2048, 64, 16, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_24, [0, 2, 1, 3]), kwargs = {})
#   %view_40 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_36, [8, 32, 64]), kwargs = {})
#   %cat : Tensor "f32[8, 32, 192][6144, 192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_40, %view_39, %view_38], 2), kwargs = {})
#   %view_41 : Tensor "f32[256, 192][192, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [256, 192]), kwargs = {})
#   %sum_12 : Tensor "f32[1, 192][192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_41, [0], True), kwargs = {})
#   return %sum_12
triton_per_fused_cat_sum_transpose_view_10 = async_compile.triton('triton_per_fused_cat_sum_transpose_view_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 2},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_cat_sum_transpose_view_10', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3072, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_cat_sum_transpose_view_10(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 192
    r0_numel = 2
    R0_BLOCK: tl.constexpr = 2
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 192*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/n2/cn2s37ravibcswbe7us46qouivmai3b7wahdv5xkmqiyvr3zzkke.py
# Topologically Sorted Source Nodes: [full_1], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_1 => full_default_3
# Graph fragment:
#   %full_default_3 : Tensor "f32[512, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([512, 64], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_1
triton_poi_fused_embedding_dense_backward_11 = async_compile.triton('triton_poi_fused_embedding_dense_backward_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32768}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 262144}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_11(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 32768
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ch/cch4vjw3egbim7h3ukwlsltbaxk6ejzwb3f3dgqcmx7pllaelzg4.py
# Topologically Sorted Source Nodes: [view_59, mul_59, mul_60, sum_25, x, layer_norm, mul_61, sum_26, mul_62, sub_18, sub_19, div_4, mul_63, add_24, scalar_tensor, eq_1, unsqueeze_1, where_1, full_1, index_put_1], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add, aten.native_layer_norm, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   add_24 => add_24
#   div_4 => div_4
#   eq_1 => eq_1
#   full_1 => full_default_3
#   index_put_1 => index_put_1
#   layer_norm => mul, sub
#   mul_59 => mul_59
#   mul_60 => mul_60
#   mul_61 => mul_61
#   mul_62 => mul_62
#   mul_63 => mul_63
#   scalar_tensor => full_default
#   sub_18 => sub_18
#   sub_19 => sub_19
#   sum_25 => sum_25
#   sum_26 => sum_26
#   unsqueeze_1 => unsqueeze_1
#   view_59 => view_59
#   where_1 => where_1
#   x => add
# Graph fragment:
#   %mm_17 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_17]
#   %primals_4 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_4]
#   %embedding : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %getitem_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %add_23 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_23]
#   %sum_25 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=sum_25]
#   %sum_26 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=sum_26]
#   %primals_1 : Tensor "i64[8, 32][33, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %add_24 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_24]
#   %index_put_1 : Tensor "f32[512, 64][64, 1]cuda:0" = PlaceHolder[target=index_put_1]
#   %view_59 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_17, [8, 32, 64]), kwargs = {})
#   %mul_59 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_59, %primals_4), kwargs = {})
#   %mul_60 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_59, 64), kwargs = {})
#   %sum_25 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_59, [2], True), kwargs = {})
#   %add : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %sub : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_61 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_59, %mul), kwargs = {})
#   %sum_26 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_61, [2], True), kwargs = {})
#   %mul_62 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %sum_26), kwargs = {})
#   %sub_18 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_60, %sum_25), kwargs = {})
#   %sub_19 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_18, %mul_62), kwargs = {})
#   %div_4 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt, 64), kwargs = {})
#   %mul_63 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_19), kwargs = {})
#   %add_24 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_23, %mul_63), kwargs = {})
#   %full_default : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %eq_1 : Tensor "b8[8, 32][32, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%primals_1, -1), kwargs = {})
#   %unsqueeze_1 : Tensor "b8[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq_1, -1), kwargs = {})
#   %where_1 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_1, %full_default, %add_24), kwargs = {})
#   %full_default_3 : Tensor "f32[512, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([512, 64], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put_1 : Tensor "f32[512, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_3, [%primals_1], %where_1, True), kwargs = {})
#   return %sum_25,%sum_26,%add_24,%buf85
triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_view_12 = async_compile.triton('triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_view_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*i64', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_view_12', 'mutated_arg_names': ['in_out_ptr0', 'out_ptr2'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 8, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4096, 'r0_': 336128}}
)
@triton.jit
def triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_view_12(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 32)
    x3 = xindex // 32
    tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr2 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp8 = tl.load(in_ptr3 + (r0_1 + 64*x2), xmask, eviction_policy='evict_last', other=0.0)
    tmp10 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp12 = tl.load(in_ptr5 + (x0), xmask, eviction_policy='evict_last')
    tmp19 = tl.load(in_out_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp29 = tl.load(in_ptr6 + (x2 + 33*x3), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp9 = tmp7 + tmp8
    tmp11 = tmp9 - tmp10
    tmp13 = tmp11 * tmp12
    tmp14 = tmp2 * tmp13
    tmp15 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
    tmp17 = tl.where(xmask, tmp15, 0)
    tmp18 = tl.sum(tmp17, 1)[:, None].to(tl.float32)
    tmp20 = tl.full([1, 1], 0.015625, tl.float32)
    tmp21 = tmp12 * tmp20
    tmp22 = tl.full([1, 1], 64.0, tl.float32)
    tmp23 = tmp2 * tmp22
    tmp24 = tmp23 - tmp6
    tmp25 = tmp13 * tmp18
    tmp26 = tmp24 - tmp25
    tmp27 = tmp21 * tmp26
    tmp28 = tmp19 + tmp27
    tmp30 = tl.full([1, 1], 512, tl.int32)
    tmp31 = tmp29 + tmp30
    tmp32 = tmp29 < 0
    tmp33 = tl.where(tmp32, tmp31, tmp29)
    tl.device_assert(((0 <= tmp33) & (tmp33 < 512)) | ~(xmask), "index out of bounds: 0 <= tmp33 < 512")
    tmp35 = tl.full([1, 1], -1, tl.int64)
    tmp36 = tmp29 == tmp35
    tmp37 = tl.full([1, 1], 0.0, tl.float32)
    tmp38 = tl.where(tmp36, tmp37, tmp28)
    tl.store(in_out_ptr0 + (r0_1 + 64*x0), tmp28, xmask)
    tl.atomic_add(out_ptr2 + (tl.broadcast_to(r0_1 + 64*tmp33, [XBLOCK, R0_BLOCK])), tmp38, xmask, sem='relaxed')
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/3i/c3ipgrr3enx7gbls42elytle5x7t4wexetdrpg4meuhq7mnhmkii.py
# Topologically Sorted Source Nodes: [view_59, x, layer_norm, mul_64, sum_27, sum_28], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   layer_norm => mul, sub
#   mul_64 => mul_64
#   sum_27 => sum_27
#   sum_28 => sum_28
#   view_59 => view_59
#   x => add
# Graph fragment:
#   %mm_17 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_17]
#   %embedding : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %getitem_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %view_59 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_17, [8, 32, 64]), kwargs = {})
#   %add : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %sub : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_64 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_59, %mul), kwargs = {})
#   %sum_27 : Tensor "f32[64][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_64, [0, 1]), kwargs = {})
#   %sum_28 : Tensor "f32[64][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_59, [0, 1]), kwargs = {})
#   return %buf76,%buf78
triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13 = async_compile.triton('triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 128, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 141312, 'r0_': 2048}}
)
@triton.jit
def triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 128
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 64)
    x1 = xindex // 64
    _tmp10 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 64*r0_2 + 8192*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 64*r0_2 + 8192*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tl.load(in_ptr2 + (x0 + 64*((r0_2 % 32))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp4 = tl.load(in_ptr3 + (r0_2 + 128*x1), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp6 = tl.load(in_ptr4 + (r0_2 + 128*x1), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp3 = tmp1 + tmp2
        tmp5 = tmp3 - tmp4
        tmp7 = tmp5 * tmp6
        tmp8 = tmp0 * tmp7
        tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
        tmp11 = _tmp10 + tmp9
        _tmp10 = tl.where(r0_mask & xmask, tmp11, _tmp10)
        tmp12 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask & xmask, tmp14, _tmp13)
    tmp10 = tl.sum(_tmp10, 1)[:, None]
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp10, xmask)
    tl.store(out_ptr1 + (x3), tmp13, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/i2/ci24ccknv7e7zf42ii6a2hjih4en4tttjryeimowvuyxqf4jdnte.py
# Topologically Sorted Source Nodes: [full], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full => full_default_1
# Graph fragment:
#   %full_default_1 : Tensor "f32[32, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([32, 64], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put
triton_poi_fused_embedding_dense_backward_14 = async_compile.triton('triton_poi_fused_embedding_dense_backward_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_14', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_14(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/63/c635okhztgpvs7ldxoh5a4wqh7tf3hu6gdlx3nqteyqdnotjewan.py
# Topologically Sorted Source Nodes: [sum_29, view_60, eq, unsqueeze, scalar_tensor, where, full, index_put], Original ATen: [aten.sum, aten.view, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   eq => eq
#   full => full_default_1
#   index_put => index_put
#   scalar_tensor => full_default
#   sum_29 => sum_29
#   unsqueeze => unsqueeze
#   view_60 => view_60
#   where => where
# Graph fragment:
#   %add_24 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_24]
#   %iota : Tensor "i64[32][1]cuda:0" = PlaceHolder[target=iota]
#   %sum_29 : Tensor "f32[1, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=sum_29]
#   %index_put : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=index_put]
#   %sum_29 : Tensor "f32[1, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_24, [0], True), kwargs = {})
#   %view_60 : Tensor "f32[32, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_29, [32, 64]), kwargs = {})
#   %eq : Tensor "b8[32][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%iota, -1), kwargs = {})
#   %unsqueeze : Tensor "b8[32, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq, -1), kwargs = {})
#   %full_default : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where : Tensor "f32[32, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze, %full_default, %view_60), kwargs = {})
#   %full_default_1 : Tensor "f32[32, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([32, 64], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put : Tensor "f32[32, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_1, [%iota], %where, True), kwargs = {})
#   return %sum_29,%buf83
triton_per_fused_embedding_dense_backward_sum_view_15 = async_compile.triton('triton_per_fused_embedding_dense_backward_sum_view_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 2048, 'r0_': 8},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*i64', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_embedding_dense_backward_sum_view_15', 'mutated_arg_names': ['out_ptr1'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 2, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_embedding_dense_backward_sum_view_15(in_ptr0, in_ptr1, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 2048
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x3 = xindex // 64
    x2 = (xindex % 64)
    tmp0 = tl.load(in_ptr0 + (x0 + 2048*r0_1), xmask, other=0.0)
    tmp5 = tl.load(in_ptr1 + (x3), xmask, eviction_policy='evict_last')
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tmp6 = tl.full([1, 1], 32, tl.int32)
    tmp7 = tmp5 + tmp6
    tmp8 = tmp5 < 0
    tmp9 = tl.where(tmp8, tmp7, tmp5)
    tl.device_assert(((0 <= tmp9) & (tmp9 < 32)) | ~(xmask), "index out of bounds: 0 <= tmp9 < 32")
    tmp11 = tl.full([1, 1], -1, tl.int64)
    tmp12 = tmp5 == tmp11
    tmp13 = tl.full([1, 1], 0.0, tl.float32)
    tmp14 = tl.where(tmp12, tmp13, tmp4)
    tl.atomic_add(out_ptr1 + (x2 + 64*tmp9), tmp14, xmask, sem='relaxed')
''', device_str='cuda')

def partition_0(args):
    tangents_1, view_24, primals_30, primals_28, mul_14, div, primals_26, view_22, addmm_6, primals_24, view_20, primals_22, mul_9, div_1, primals_20, getitem_16, permute_9, permute_10, permute_11, getitem_17, getitem_18, getitem_19, primals_18, view_12, primals_16, mul_7, div_2, primals_14, view_10, addmm_2, primals_12, view_8, primals_10, mul_2, div_3, primals_8, getitem_5, permute_1, permute_2, permute_3, getitem_6, getitem_7, getitem_8, primals_6, view, primals_4, embedding, embedding_1, getitem_1, rsqrt, primals_1, iota = args
    args.clear()
    assert_size_stride(tangents_1, (8, 32, 512), (16384, 512, 1))
    assert_size_stride(view_24, (256, 64), (64, 1))
    assert_size_stride(primals_30, (512, 64), (64, 1))
    assert_size_stride(primals_28, (64, ), (1, ))
    assert_size_stride(mul_14, (8, 32, 64), (2048, 64, 1))
    assert_size_stride(div, (8, 32, 1), (32, 1, 1))
    assert_size_stride(primals_26, (64, 256), (256, 1))
    assert_size_stride(view_22, (256, 256), (256, 1))
    assert_size_stride(addmm_6, (256, 256), (256, 1))
    assert_size_stride(primals_24, (256, 64), (64, 1))
    assert_size_stride(view_20, (256, 64), (64, 1))
    assert_size_stride(primals_22, (64, ), (1, ))
    assert_size_stride(mul_9, (8, 32, 64), (2048, 64, 1))
    assert_size_stride(div_1, (8, 32, 1), (32, 1, 1))
    assert_size_stride(primals_20, (64, 64), (64, 1))
    assert_size_stride(getitem_16, (8, 4, 32, 16), (2048, 16, 64, 1))
    assert_size_stride(permute_9, (8, 4, 32, 16), (6144, 16, 192, 1))
    assert_size_stride(permute_10, (8, 4, 32, 16), (6144, 16, 192, 1))
    assert_size_stride(permute_11, (8, 4, 32, 16), (6144, 16, 192, 1))
    assert_size_stride(getitem_17, (8, 4, 32), (128, 32, 1))
    assert_size_stride(getitem_18, (), ())
    assert_size_stride(getitem_19, (), ())
    assert_size_stride(primals_18, (192, 64), (64, 1))
    assert_size_stride(view_12, (256, 64), (64, 1))
    assert_size_stride(primals_16, (64, ), (1, ))
    assert_size_stride(mul_7, (8, 32, 64), (2048, 64, 1))
    assert_size_stride(div_2, (8, 32, 1), (32, 1, 1))
    assert_size_stride(primals_14, (64, 256), (256, 1))
    assert_size_stride(view_10, (256, 256), (256, 1))
    assert_size_stride(addmm_2, (256, 256), (256, 1))
    assert_size_stride(primals_12, (256, 64), (64, 1))
    assert_size_stride(view_8, (256, 64), (64, 1))
    assert_size_stride(primals_10, (64, ), (1, ))
    assert_size_stride(mul_2, (8, 32, 64), (2048, 64, 1))
    assert_size_stride(div_3, (8, 32, 1), (32, 1, 1))
    assert_size_stride(primals_8, (64, 64), (64, 1))
    assert_size_stride(getitem_5, (8, 4, 32, 16), (2048, 16, 64, 1))
    assert_size_stride(permute_1, (8, 4, 32, 16), (6144, 16, 192, 1))
    assert_size_stride(permute_2, (8, 4, 32, 16), (6144, 16, 192, 1))
    assert_size_stride(permute_3, (8, 4, 32, 16), (6144, 16, 192, 1))
    assert_size_stride(getitem_6, (8, 4, 32), (128, 32, 1))
    assert_size_stride(getitem_7, (), ())
    assert_size_stride(getitem_8, (), ())
    assert_size_stride(primals_6, (192, 64), (64, 1))
    assert_size_stride(view, (256, 64), (64, 1))
    assert_size_stride(primals_4, (64, ), (1, ))
    assert_size_stride(embedding, (8, 32, 64), (2048, 64, 1))
    assert_size_stride(embedding_1, (32, 64), (64, 1))
    assert_size_stride(getitem_1, (8, 32, 1), (32, 1, 1))
    assert_size_stride(rsqrt, (8, 32, 1), (32, 1, 1))
    assert_size_stride(primals_1, (8, 32), (33, 1))
    assert_size_stride(iota, (32, ), (1, ))
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        buf0 = empty_strided_cuda((512, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_26, permute_17, permute_20], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:1
        extern_kernels.mm(reinterpret_tensor(tangents_1, (512, 256), (1, 512), 0), view_24, out=buf0)
        del view_24
        buf1 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_26, linear_8, permute_19, mm_2], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:2
        extern_kernels.mm(reinterpret_tensor(tangents_1, (256, 512), (512, 1), 0), primals_30, out=buf1)
        del primals_30
        del tangents_1
        buf4 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_27, mul_17, mul_18, sum_1, mul_19, sum_2, mul_20, sub_6, sub_7, mul_21], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_0:3
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_0.run(buf1, primals_28, mul_14, div, buf4, 256, 64, stream=stream0)
        del div
        del primals_28
        buf5 = empty_strided_cuda((64, 2), (1, 64), torch.float32)
        buf7 = empty_strided_cuda((64, 2), (1, 64), torch.float32)
        # Topologically Sorted Source Nodes: [view_27, mul_22, sum_3, sum_4], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_1:4
        stream0 = get_raw_stream(0)
        triton_red_fused_native_layer_norm_backward_view_1.run(buf1, mul_14, buf5, buf7, 128, 128, stream=stream0)
        del mul_14
        buf6 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_27, mul_22, sum_3], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:5
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf5, buf6, 64, 2, stream=stream0)
        del buf5
        buf8 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_27, sum_4], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:6
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf7, buf8, 64, 2, stream=stream0)
        del buf7
        buf9 = empty_strided_cuda((256, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_28, linear_7, permute_21, mm_3], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:7
        extern_kernels.mm(reinterpret_tensor(buf4, (256, 64), (64, 1), 0), primals_26, out=buf9)
        del primals_26
        buf10 = reinterpret_tensor(buf1, (64, 256), (256, 1), 0); del buf1  # reuse
        # Topologically Sorted Source Nodes: [view_28, permute_22, permute_24], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:8
        extern_kernels.mm(reinterpret_tensor(buf4, (64, 256), (1, 64), 0), view_22, out=buf10)
        del view_22
        buf11 = empty_strided_cuda((1, 64, 2), (128, 1, 64), torch.float32)
        # Topologically Sorted Source Nodes: [view_28, sum_5], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_red_fused_sum_view_3:9
        stream0 = get_raw_stream(0)
        triton_red_fused_sum_view_3.run(buf4, buf11, 128, 128, stream=stream0)
        buf12 = empty_strided_cuda((1, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_28, sum_5], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:10
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf11, buf12, 64, 2, stream=stream0)
        del buf11
        buf13 = reinterpret_tensor(buf9, (8, 32, 256), (8192, 256, 1), 0); del buf9  # reuse
        # Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29], Original ATen: [aten.view, aten.gelu, aten.gelu_backward]
        # [Provenance debug handles] triton_poi_fused_gelu_gelu_backward_view_4:11
        stream0 = get_raw_stream(0)
        triton_poi_fused_gelu_gelu_backward_view_4.run(buf13, addmm_6, 65536, stream=stream0)
        del addmm_6
        buf14 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29, view_31, permute_25, mm_5], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:12
        extern_kernels.mm(reinterpret_tensor(buf13, (256, 256), (256, 1), 0), primals_24, out=buf14)
        del primals_24
        buf15 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29, view_31, permute_26, permute_28], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:13
        extern_kernels.mm(reinterpret_tensor(buf13, (256, 256), (1, 256), 0), view_20, out=buf15)
        del view_20
        buf16 = empty_strided_cuda((1, 256, 2), (512, 1, 256), torch.float32)
        # Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29, view_31, sum_6], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
        # [Provenance debug handles] triton_red_fused_gelu_gelu_backward_sum_view_5:14
        stream0 = get_raw_stream(0)
        triton_red_fused_gelu_gelu_backward_sum_view_5.run(buf13, buf16, 512, 128, stream=stream0)
        buf17 = empty_strided_cuda((1, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_30, linear_6, gelu_1, mul_24, mul_25, mul_26, exp, mul_27, mul_28, add_18, mul_29, view_31, sum_6], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
        # [Provenance debug handles] triton_per_fused_gelu_gelu_backward_sum_view_6:15
        stream0 = get_raw_stream(0)
        triton_per_fused_gelu_gelu_backward_sum_view_6.run(buf16, buf17, 256, 2, stream=stream0)
        buf24 = buf4; del buf4  # reuse
        # Topologically Sorted Source Nodes: [view_33, mul_31, mul_32, sum_7, mul_33, sum_8, mul_34, sub_9, sub_10, mul_35, add_19], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
        # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_7:16
        stream0 = get_raw_stream(0)
        triton_per_fused_add_native_layer_norm_backward_view_7.run(buf24, buf14, primals_22, mul_9, div_1, 256, 64, stream=stream0)
        del div_1
        del primals_22
        buf20 = empty_strided_cuda((64, 2), (1, 64), torch.float32)
        buf22 = empty_strided_cuda((64, 2), (1, 64), torch.float32)
        # Topologically Sorted Source Nodes: [view_33, mul_36, sum_9, sum_10], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_1:17
        stream0 = get_raw_stream(0)
        triton_red_fused_native_layer_norm_backward_view_1.run(buf14, mul_9, buf20, buf22, 128, 128, stream=stream0)
        del mul_9
        buf21 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_33, mul_36, sum_9], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:18
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf20, buf21, 64, 2, stream=stream0)
        buf23 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_33, sum_10], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:19
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf22, buf23, 64, 2, stream=stream0)
        buf25 = buf14; del buf14  # reuse
        # Topologically Sorted Source Nodes: [view_34, linear_5, permute_29, mm_7], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:20
        extern_kernels.mm(reinterpret_tensor(buf24, (256, 64), (64, 1), 0), primals_20, out=buf25)
        del primals_20
        buf26 = empty_strided_cuda((64, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_34, permute_30, transpose_7, reshape_1, linear_5, permute_32], Original ATen: [aten.view, aten.t, aten.transpose, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:21
        extern_kernels.mm(reinterpret_tensor(buf24, (64, 256), (1, 64), 0), reinterpret_tensor(getitem_16, (256, 64), (64, 1), 0), out=buf26)
        buf27 = reinterpret_tensor(buf22, (1, 64, 2), (128, 1, 64), 0); del buf22  # reuse
        # Topologically Sorted Source Nodes: [view_34, sum_11], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_red_fused_sum_view_3:22
        stream0 = get_raw_stream(0)
        triton_red_fused_sum_view_3.run(buf24, buf27, 128, 128, stream=stream0)
        buf28 = empty_strided_cuda((1, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_34, sum_11], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:23
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf27, buf28, 64, 2, stream=stream0)
        # Topologically Sorted Source Nodes: [view_36, view_37, permute_33, _scaled_dot_product_efficient_attention_backward], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_efficient_attention_backward]
        # [Provenance debug handles] torch.ops.aten._scaled_dot_product_efficient_attention_backward.default:24
        buf29 = torch.ops.aten._scaled_dot_product_efficient_attention_backward.default(reinterpret_tensor(buf25, (8, 4, 32, 16), (2048, 16, 64, 1), 0), permute_9, permute_10, permute_11, None, getitem_16, getitem_17, getitem_18, getitem_19, 0.0, [True, True, True, False], True)
        del buf25
        del getitem_16
        del getitem_17
        del getitem_18
        del getitem_19
        del permute_10
        del permute_11
        del permute_9
        buf30 = buf29[0]
        assert_size_stride(buf30, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        assert_alignment(buf30, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        buf31 = buf29[1]
        assert_size_stride(buf31, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        assert_alignment(buf31, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        buf32 = buf29[2]
        assert_size_stride(buf32, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        assert_alignment(buf32, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        del buf29
        buf33 = empty_strided_cuda((8, 32, 192), (6144, 192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat], Original ATen: [aten.transpose, aten.view, aten.cat]
        # [Provenance debug handles] triton_poi_fused_cat_transpose_view_8:25
        stream0 = get_raw_stream(0)
        triton_poi_fused_cat_transpose_view_8.run(buf30, buf31, buf32, buf33, 49152, stream=stream0)
        buf34 = reinterpret_tensor(buf32, (256, 64), (64, 1), 0); del buf32  # reuse
        # Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat, view_41, linear_4, permute_37, mm_9], Original ATen: [aten.transpose, aten.view, aten.cat, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:26
        extern_kernels.mm(reinterpret_tensor(buf33, (256, 192), (192, 1), 0), primals_18, out=buf34)
        del primals_18
        buf35 = empty_strided_cuda((192, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat, view_41, permute_38, permute_40], Original ATen: [aten.transpose, aten.view, aten.cat, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:27
        extern_kernels.mm(reinterpret_tensor(buf33, (192, 256), (1, 192), 0), view_12, out=buf35)
        del view_12
        buf36 = empty_strided_cuda((1, 192, 2), (384, 1, 192), torch.float32)
        # Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat, view_41, sum_12], Original ATen: [aten.transpose, aten.view, aten.cat, aten.sum]
        # [Provenance debug handles] triton_red_fused_cat_sum_transpose_view_9:28
        stream0 = get_raw_stream(0)
        triton_red_fused_cat_sum_transpose_view_9.run(buf33, buf36, 384, 128, stream=stream0)
        buf37 = empty_strided_cuda((1, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [permute_34, view_38, permute_35, view_39, permute_36, view_40, cat, view_41, sum_12], Original ATen: [aten.transpose, aten.view, aten.cat, aten.sum]
        # [Provenance debug handles] triton_per_fused_cat_sum_transpose_view_10:29
        stream0 = get_raw_stream(0)
        triton_per_fused_cat_sum_transpose_view_10.run(buf36, buf37, 192, 2, stream=stream0)
        buf44 = buf24; del buf24  # reuse
        # Topologically Sorted Source Nodes: [view_43, mul_38, mul_39, sum_13, mul_40, sum_14, mul_41, sub_12, sub_13, mul_42, add_20], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
        # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_7:30
        stream0 = get_raw_stream(0)
        triton_per_fused_add_native_layer_norm_backward_view_7.run(buf44, buf34, primals_16, mul_7, div_2, 256, 64, stream=stream0)
        del div_2
        del primals_16
        buf40 = reinterpret_tensor(buf27, (64, 2), (1, 64), 0); del buf27  # reuse
        buf42 = buf20; del buf20  # reuse
        # Topologically Sorted Source Nodes: [view_43, mul_43, sum_15, sum_16], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_1:31
        stream0 = get_raw_stream(0)
        triton_red_fused_native_layer_norm_backward_view_1.run(buf34, mul_7, buf40, buf42, 128, 128, stream=stream0)
        del mul_7
        buf41 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_43, mul_43, sum_15], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:32
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf40, buf41, 64, 2, stream=stream0)
        buf43 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_43, sum_16], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:33
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf42, buf43, 64, 2, stream=stream0)
        buf45 = reinterpret_tensor(buf13, (256, 256), (256, 1), 0); del buf13  # reuse
        # Topologically Sorted Source Nodes: [view_44, linear_3, permute_41, mm_11], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:34
        extern_kernels.mm(reinterpret_tensor(buf44, (256, 64), (64, 1), 0), primals_14, out=buf45)
        del primals_14
        buf46 = reinterpret_tensor(buf34, (64, 256), (256, 1), 0); del buf34  # reuse
        # Topologically Sorted Source Nodes: [view_44, permute_42, permute_44], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:35
        extern_kernels.mm(reinterpret_tensor(buf44, (64, 256), (1, 64), 0), view_10, out=buf46)
        del view_10
        buf47 = reinterpret_tensor(buf42, (1, 64, 2), (128, 1, 64), 0); del buf42  # reuse
        # Topologically Sorted Source Nodes: [view_44, sum_17], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_red_fused_sum_view_3:36
        stream0 = get_raw_stream(0)
        triton_red_fused_sum_view_3.run(buf44, buf47, 128, 128, stream=stream0)
        buf48 = empty_strided_cuda((1, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_44, sum_17], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:37
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf47, buf48, 64, 2, stream=stream0)
        buf49 = reinterpret_tensor(buf45, (8, 32, 256), (8192, 256, 1), 0); del buf45  # reuse
        # Topologically Sorted Source Nodes: [view_46, linear_2, gelu, mul_45, mul_46, mul_47, exp_1, mul_48, mul_49, add_22, mul_50], Original ATen: [aten.view, aten.gelu, aten.gelu_backward]
        # [Provenance debug handles] triton_poi_fused_gelu_gelu_backward_view_4:38
        stream0 = get_raw_stream(0)
        triton_poi_fused_gelu_gelu_backward_view_4.run(buf49, addmm_2, 65536, stream=stream0)
        del addmm_2
        buf50 = reinterpret_tensor(buf31, (256, 64), (64, 1), 0); del buf31  # reuse
        # Topologically Sorted Source Nodes: [view_46, linear_2, gelu, mul_45, mul_46, mul_47, exp_1, mul_48, mul_49, add_22, mul_50, view_47, permute_45, mm_13], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:39
        extern_kernels.mm(reinterpret_tensor(buf49, (256, 256), (256, 1), 0), primals_12, out=buf50)
        del primals_12
        buf51 = reinterpret_tensor(buf30, (256, 64), (64, 1), 0); del buf30  # reuse
        # Topologically Sorted Source Nodes: [view_46, linear_2, gelu, mul_45, mul_46, mul_47, exp_1, mul_48, mul_49, add_22, mul_50, view_47, permute_46, permute_48], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:40
        extern_kernels.mm(reinterpret_tensor(buf49, (256, 256), (1, 256), 0), view_8, out=buf51)
        del view_8
        buf52 = buf16; del buf16  # reuse
        # Topologically Sorted Source Nodes: [view_46, linear_2, gelu, mul_45, mul_46, mul_47, exp_1, mul_48, mul_49, add_22, mul_50, view_47, sum_18], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
        # [Provenance debug handles] triton_red_fused_gelu_gelu_backward_sum_view_5:41
        stream0 = get_raw_stream(0)
        triton_red_fused_gelu_gelu_backward_sum_view_5.run(buf49, buf52, 512, 128, stream=stream0)
        del buf49
        buf53 = empty_strided_cuda((1, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_46, linear_2, gelu, mul_45, mul_46, mul_47, exp_1, mul_48, mul_49, add_22, mul_50, view_47, sum_18], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
        # [Provenance debug handles] triton_per_fused_gelu_gelu_backward_sum_view_6:42
        stream0 = get_raw_stream(0)
        triton_per_fused_gelu_gelu_backward_sum_view_6.run(buf52, buf53, 256, 2, stream=stream0)
        del buf52
        buf60 = buf44; del buf44  # reuse
        # Topologically Sorted Source Nodes: [view_49, mul_52, mul_53, sum_19, mul_54, sum_20, mul_55, sub_15, sub_16, mul_56, add_23], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
        # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_7:43
        stream0 = get_raw_stream(0)
        triton_per_fused_add_native_layer_norm_backward_view_7.run(buf60, buf50, primals_10, mul_2, div_3, 256, 64, stream=stream0)
        del div_3
        del primals_10
        buf56 = reinterpret_tensor(buf47, (64, 2), (1, 64), 0); del buf47  # reuse
        buf58 = buf40; del buf40  # reuse
        # Topologically Sorted Source Nodes: [view_49, mul_57, sum_21, sum_22], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_1:44
        stream0 = get_raw_stream(0)
        triton_red_fused_native_layer_norm_backward_view_1.run(buf50, mul_2, buf56, buf58, 128, 128, stream=stream0)
        del mul_2
        buf57 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_49, mul_57, sum_21], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:45
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf56, buf57, 64, 2, stream=stream0)
        buf59 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_49, sum_22], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:46
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf58, buf59, 64, 2, stream=stream0)
        buf61 = buf50; del buf50  # reuse
        # Topologically Sorted Source Nodes: [view_50, linear_1, permute_49, mm_15], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:47
        extern_kernels.mm(reinterpret_tensor(buf60, (256, 64), (64, 1), 0), primals_8, out=buf61)
        del primals_8
        buf62 = empty_strided_cuda((64, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_50, permute_50, transpose_3, reshape, linear_1, permute_52], Original ATen: [aten.view, aten.t, aten.transpose, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:48
        extern_kernels.mm(reinterpret_tensor(buf60, (64, 256), (1, 64), 0), reinterpret_tensor(getitem_5, (256, 64), (64, 1), 0), out=buf62)
        buf63 = reinterpret_tensor(buf58, (1, 64, 2), (128, 1, 64), 0); del buf58  # reuse
        # Topologically Sorted Source Nodes: [view_50, sum_23], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_red_fused_sum_view_3:49
        stream0 = get_raw_stream(0)
        triton_red_fused_sum_view_3.run(buf60, buf63, 128, 128, stream=stream0)
        buf64 = empty_strided_cuda((1, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_50, sum_23], Original ATen: [aten.view, aten.sum]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:50
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf63, buf64, 64, 2, stream=stream0)
        # Topologically Sorted Source Nodes: [view_52, view_53, permute_53, _scaled_dot_product_efficient_attention_backward_1], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_efficient_attention_backward]
        # [Provenance debug handles] torch.ops.aten._scaled_dot_product_efficient_attention_backward.default:51
        buf65 = torch.ops.aten._scaled_dot_product_efficient_attention_backward.default(reinterpret_tensor(buf61, (8, 4, 32, 16), (2048, 16, 64, 1), 0), permute_1, permute_2, permute_3, None, getitem_5, getitem_6, getitem_7, getitem_8, 0.0, [True, True, True, False], True)
        del buf61
        del getitem_5
        del getitem_6
        del getitem_7
        del getitem_8
        del permute_1
        del permute_2
        del permute_3
        buf66 = buf65[0]
        assert_size_stride(buf66, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        assert_alignment(buf66, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        buf67 = buf65[1]
        assert_size_stride(buf67, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        assert_alignment(buf67, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        buf68 = buf65[2]
        assert_size_stride(buf68, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        assert_alignment(buf68, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
        del buf65
        buf69 = buf33; del buf33  # reuse
        # Topologically Sorted Source Nodes: [permute_54, view_54, permute_55, view_55, permute_56, view_56, cat_1], Original ATen: [aten.transpose, aten.view, aten.cat]
        # [Provenance debug handles] triton_poi_fused_cat_transpose_view_8:52
        stream0 = get_raw_stream(0)
        triton_poi_fused_cat_transpose_view_8.run(buf66, buf67, buf68, buf69, 49152, stream=stream0)
        del buf66
        del buf67
        buf70 = reinterpret_tensor(buf68, (256, 64), (64, 1), 0); del buf68  # reuse
        # Topologically Sorted Source Nodes: [permute_54, view_54, permute_55, view_55, permute_56, view_56, cat_1, view_57, linear, permute_57, mm_17], Original ATen: [aten.transpose, aten.view, aten.cat, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:53
        extern_kernels.mm(reinterpret_tensor(buf69, (256, 192), (192, 1), 0), primals_6, out=buf70)
        del primals_6
        buf71 = empty_strided_cuda((192, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [permute_54, view_54, permute_55, view_55, permute_56, view_56, cat_1, view_57, permute_58, permute_60], Original ATen: [aten.transpose, aten.view, aten.cat, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:54
        extern_kernels.mm(reinterpret_tensor(buf69, (192, 256), (1, 192), 0), view, out=buf71)
        del view
        buf72 = buf36; del buf36  # reuse
        # Topologically Sorted Source Nodes: [permute_54, view_54, permute_55, view_55, permute_56, view_56, cat_1, view_57, sum_24], Original ATen: [aten.transpose, aten.view, aten.cat, aten.sum]
        # [Provenance debug handles] triton_red_fused_cat_sum_transpose_view_9:55
        stream0 = get_raw_stream(0)
        triton_red_fused_cat_sum_transpose_view_9.run(buf69, buf72, 384, 128, stream=stream0)
        del buf69
        buf73 = empty_strided_cuda((1, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [permute_54, view_54, permute_55, view_55, permute_56, view_56, cat_1, view_57, sum_24], Original ATen: [aten.transpose, aten.view, aten.cat, aten.sum]
        # [Provenance debug handles] triton_per_fused_cat_sum_transpose_view_10:56
        stream0 = get_raw_stream(0)
        triton_per_fused_cat_sum_transpose_view_10.run(buf72, buf73, 192, 2, stream=stream0)
        del buf72
        buf84 = empty_strided_cuda((512, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [full_1], Original ATen: [aten.embedding_dense_backward]
        # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_11:57
        stream0 = get_raw_stream(0)
        triton_poi_fused_embedding_dense_backward_11.run(buf84, 32768, stream=stream0)
        buf80 = buf60; del buf60  # reuse
        # Topologically Sorted Source Nodes: [view_59, mul_59, mul_60, sum_25, x, layer_norm, mul_61, sum_26, mul_62, sub_18, sub_19, div_4, mul_63, add_24, scalar_tensor, eq_1, unsqueeze_1, where_1, full_1, index_put_1], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add, aten.native_layer_norm, aten.embedding_dense_backward]
        # [Provenance debug handles] triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_view_12:58
        stream0 = get_raw_stream(0)
        triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_view_12.run(buf80, buf70, primals_4, embedding, embedding_1, getitem_1, rsqrt, primals_1, buf84, 256, 64, stream=stream0)
        del primals_1
        del primals_4
        buf76 = reinterpret_tensor(buf63, (64, 2), (1, 64), 0); del buf63  # reuse
        buf78 = buf56; del buf56  # reuse
        # Topologically Sorted Source Nodes: [view_59, x, layer_norm, mul_64, sum_27, sum_28], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13:59
        stream0 = get_raw_stream(0)
        triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13.run(buf70, embedding, embedding_1, getitem_1, rsqrt, buf76, buf78, 128, 128, stream=stream0)
        del buf70
        del embedding
        del embedding_1
        del getitem_1
        del rsqrt
        buf77 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_59, x, layer_norm, mul_64, sum_27], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:60
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf76, buf77, 64, 2, stream=stream0)
        del buf76
        buf79 = empty_strided_cuda((64, ), (1, ), torch.float32)
        # Topologically Sorted Source Nodes: [view_59, sum_28], Original ATen: [aten.view, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_view_2:61
        stream0 = get_raw_stream(0)
        triton_per_fused_native_layer_norm_backward_view_2.run(buf78, buf79, 64, 2, stream=stream0)
        del buf78
        buf82 = empty_strided_cuda((32, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [full], Original ATen: [aten.embedding_dense_backward]
        # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_14:62
        stream0 = get_raw_stream(0)
        triton_poi_fused_embedding_dense_backward_14.run(buf82, 2048, stream=stream0)
        # Topologically Sorted Source Nodes: [sum_29, view_60, eq, unsqueeze, scalar_tensor, where, full, index_put], Original ATen: [aten.sum, aten.view, aten.embedding_dense_backward]
        # [Provenance debug handles] triton_per_fused_embedding_dense_backward_sum_view_15:63
        stream0 = get_raw_stream(0)
        triton_per_fused_embedding_dense_backward_sum_view_15.run(buf80, iota, buf82, 2048, 8, stream=stream0)
        del buf80
        del iota
    return (buf0, buf6, buf8, buf10, buf12, buf15, buf17, buf21, buf23, buf26, buf28, buf35, buf37, buf41, buf43, buf46, buf48, buf51, buf53, buf57, buf59, buf62, buf64, buf71, buf73, buf84, buf77, buf79, buf82, )


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
        primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_16, primals_18, primals_20, primals_22, primals_24, primals_26, primals_28, primals_30, iota, embedding, embedding_1, getitem_1, rsqrt, view, permute_1, permute_2, permute_3, getitem_5, getitem_6, getitem_7, getitem_8, mul_2, view_8, addmm_2, view_10, mul_7, view_12, permute_9, permute_10, permute_11, getitem_16, getitem_17, getitem_18, getitem_19, mul_9, view_20, addmm_6, view_22, mul_14, view_24, div, div_1, div_2, div_3, tangents_1 = args
        args.clear()
        partition0_args = [tangents_1, view_24, primals_30, primals_28, mul_14, div, primals_26, view_22, addmm_6, primals_24, view_20, primals_22, mul_9, div_1, primals_20, getitem_16, permute_9, permute_10, permute_11, getitem_17, getitem_18, getitem_19, primals_18, view_12, primals_16, mul_7, div_2, primals_14, view_10, addmm_2, primals_12, view_8, primals_10, mul_2, div_3, primals_8, getitem_5, permute_1, permute_2, permute_3, getitem_6, getitem_7, getitem_8, primals_6, view, primals_4, embedding, embedding_1, getitem_1, rsqrt, primals_1, iota]
        del tangents_1, view_24, primals_30, primals_28, mul_14, div, primals_26, view_22, addmm_6, primals_24, view_20, primals_22, mul_9, div_1, primals_20, getitem_16, permute_9, permute_10, permute_11, getitem_17, getitem_18, getitem_19, primals_18, view_12, primals_16, mul_7, div_2, primals_14, view_10, addmm_2, primals_12, view_8, primals_10, mul_2, div_3, primals_8, getitem_5, permute_1, permute_2, permute_3, getitem_6, getitem_7, getitem_8, primals_6, view, primals_4, embedding, embedding_1, getitem_1, rsqrt, primals_1, iota
        (buf0, buf6, buf8, buf10, buf12, buf15, buf17, buf21, buf23, buf26, buf28, buf35, buf37, buf41, buf43, buf46, buf48, buf51, buf53, buf57, buf59, buf62, buf64, buf71, buf73, buf84, buf77, buf79, buf82) = self.partitions[0](partition0_args)
        del partition0_args
        return (None, buf84, buf82, buf77, buf79, buf71, reinterpret_tensor(buf73, (192, ), (1, ), 0), buf62, reinterpret_tensor(buf64, (64, ), (1, ), 0), buf57, buf59, buf51, reinterpret_tensor(buf53, (256, ), (1, ), 0), buf46, reinterpret_tensor(buf48, (64, ), (1, ), 0), buf41, buf43, buf35, reinterpret_tensor(buf37, (192, ), (1, ), 0), buf26, reinterpret_tensor(buf28, (64, ), (1, ), 0), buf21, buf23, buf15, reinterpret_tensor(buf17, (256, ), (1, ), 0), buf10, reinterpret_tensor(buf12, (64, ), (1, ), 0), buf6, buf8, buf0, )

runner = Runner(partitions=[partition_0,])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((8, 32), (33, 1), device='cuda:0', dtype=torch.int64)
    primals_4 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((192, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((64, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((64, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((192, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_20 = rand_strided((64, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((64, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((512, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    iota = rand_strided((32, ), (1, ), device='cuda:0', dtype=torch.int64)
    embedding = rand_strided((8, 32, 64), (2048, 64, 1), device='cuda:0', dtype=torch.float32)
    embedding_1 = rand_strided((32, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    getitem_1 = rand_strided((8, 32, 1), (32, 1, 1), device='cuda:0', dtype=torch.float32)
    rsqrt = rand_strided((8, 32, 1), (32, 1, 1), device='cuda:0', dtype=torch.float32)
    view = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    permute_1 = rand_strided((8, 4, 32, 16), (6144, 16, 192, 1), device='cuda:0', dtype=torch.float32)
    permute_2 = rand_strided((8, 4, 32, 16), (6144, 16, 192, 1), device='cuda:0', dtype=torch.float32)
    permute_3 = rand_strided((8, 4, 32, 16), (6144, 16, 192, 1), device='cuda:0', dtype=torch.float32)
    getitem_5 = rand_strided((8, 4, 32, 16), (2048, 16, 64, 1), device='cuda:0', dtype=torch.float32)
    getitem_6 = rand_strided((8, 4, 32), (128, 32, 1), device='cuda:0', dtype=torch.float32)
    getitem_7 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_8 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    mul_2 = rand_strided((8, 32, 64), (2048, 64, 1), device='cuda:0', dtype=torch.float32)
    view_8 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    addmm_2 = rand_strided((256, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    view_10 = rand_strided((256, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    mul_7 = rand_strided((8, 32, 64), (2048, 64, 1), device='cuda:0', dtype=torch.float32)
    view_12 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    permute_9 = rand_strided((8, 4, 32, 16), (6144, 16, 192, 1), device='cuda:0', dtype=torch.float32)
    permute_10 = rand_strided((8, 4, 32, 16), (6144, 16, 192, 1), device='cuda:0', dtype=torch.float32)
    permute_11 = rand_strided((8, 4, 32, 16), (6144, 16, 192, 1), device='cuda:0', dtype=torch.float32)
    getitem_16 = rand_strided((8, 4, 32, 16), (2048, 16, 64, 1), device='cuda:0', dtype=torch.float32)
    getitem_17 = rand_strided((8, 4, 32), (128, 32, 1), device='cuda:0', dtype=torch.float32)
    getitem_18 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_19 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    mul_9 = rand_strided((8, 32, 64), (2048, 64, 1), device='cuda:0', dtype=torch.float32)
    view_20 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    addmm_6 = rand_strided((256, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    view_22 = rand_strided((256, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    mul_14 = rand_strided((8, 32, 64), (2048, 64, 1), device='cuda:0', dtype=torch.float32)
    view_24 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    div = rand_strided((8, 32, 1), (32, 1, 1), device='cuda:0', dtype=torch.float32)
    div_1 = rand_strided((8, 32, 1), (32, 1, 1), device='cuda:0', dtype=torch.float32)
    div_2 = rand_strided((8, 32, 1), (32, 1, 1), device='cuda:0', dtype=torch.float32)
    div_3 = rand_strided((8, 32, 1), (32, 1, 1), device='cuda:0', dtype=torch.float32)
    tangents_1 = rand_strided((8, 32, 512), (16384, 512, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_16, primals_18, primals_20, primals_22, primals_24, primals_26, primals_28, primals_30, iota, embedding, embedding_1, getitem_1, rsqrt, view, permute_1, permute_2, permute_3, getitem_5, getitem_6, getitem_7, getitem_8, mul_2, view_8, addmm_2, view_10, mul_7, view_12, permute_9, permute_10, permute_11, getitem_16, getitem_17, getitem_18, getitem_19, mul_9, view_20, addmm_6, view_22, mul_14, view_24, div, div_1, div_2, div_3, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
