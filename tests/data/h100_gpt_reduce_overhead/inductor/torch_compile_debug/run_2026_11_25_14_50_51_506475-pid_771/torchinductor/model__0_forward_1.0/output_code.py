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
from torch._C import _cuda_getCurrentRawStream as get_raw_stream



# kernel path: /tmp/torchinductor_root/4k/c4kyxf6bmima7leboueb5tcxd55uorcic5bammgstzyv3tkwaguk.py
# Topologically Sorted Source Nodes: [positions], Original ATen: [aten.arange]
# Source node to ATen node mapping:
#   positions => iota
# Graph fragment:
#   %iota : Tensor "i64[32][1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.iota.default](args = (32,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   return %iota
triton_poi_fused_arange_0 = async_compile.triton('triton_poi_fused_arange_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_arange_0', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 512}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_arange_0(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 32
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = x0
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/eh/cehybkzvdbhxmoxefcevegufextnifkjhfho7hqsmito4vbov5uk.py
# Topologically Sorted Source Nodes: [embedding_1], Original ATen: [aten.embedding]
# Source node to ATen node mapping:
#   embedding_1 => embedding_1
# Graph fragment:
#   %primals_3 : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=primals_3]
#   %embedding_1 : Tensor "f32[32, 64][64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_3, %iota), kwargs = {})
#   return %embedding_1
triton_poi_fused_embedding_1 = async_compile.triton('triton_poi_fused_embedding_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_1', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 24576}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (x2), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ft/cftqxouvxiphsicodhjetaag2zxgdgier3vjkdmutcils4sbetw7.py
# Topologically Sorted Source Nodes: [embedding, x, layer_norm], Original ATen: [aten.embedding, aten.add, aten.native_layer_norm]
# Source node to ATen node mapping:
#   embedding => embedding
#   layer_norm => add_1, add_2, mul, mul_1, rsqrt, sub, var_mean
#   x => add
# Graph fragment:
#   %primals_1 : Tensor "i64[8, 32][33, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %primals_2 : Tensor "f32[512, 64][64, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %embedding : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %buf4 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=buf4]
#   %getitem_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %primals_4 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_4]
#   %primals_5 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_5]
#   %embedding : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_2, %primals_1), kwargs = {})
#   %add : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %var_mean : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, 1e-05), kwargs = {})
#   %rsqrt : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_1,), kwargs = {})
#   %sub : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_1 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %primals_4), kwargs = {})
#   %add_2 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_1, %primals_5), kwargs = {})
#   return %embedding,%getitem_1,%buf4,%rsqrt,%add_2
triton_per_fused_add_embedding_native_layer_norm_2 = async_compile.triton('triton_per_fused_add_embedding_native_layer_norm_2', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_embedding_native_layer_norm_2', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6144, 'r0_': 270848}}
)
@triton.jit
def triton_per_fused_add_embedding_native_layer_norm_2(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    x0 = (xindex % 32)
    x1 = xindex // 32
    r0_2 = r0_index
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 33*x1), xmask, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr2 + (r0_2 + 64*x0), xmask, eviction_policy='evict_last', other=0.0)
    tmp32 = tl.load(in_ptr3 + (r0_2), None, eviction_policy='evict_last')
    tmp34 = tl.load(in_ptr4 + (r0_2), None, eviction_policy='evict_last')
    tmp1 = tl.full([1, 1], 512, tl.int32)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert(((0 <= tmp4) & (tmp4 < 512)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 512")
    tmp6 = tl.load(in_ptr1 + (r0_2 + 64*tmp4), xmask, other=0.0)
    tmp8 = tmp6 + tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(xmask, tmp9, 0)
    tmp12 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
    tmp14 = tl.where(xmask, tmp12, 0)
    tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], 64, tl.int32)
    tmp17 = tmp16.to(tl.float32)
    tmp18 = (tmp15 / tmp17)
    tmp19 = tmp9 - tmp18
    tmp20 = tmp19 * tmp19
    tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
    tmp23 = tl.where(xmask, tmp21, 0)
    tmp24 = tl.sum(tmp23, 1)[:, None].to(tl.float32)
    tmp25 = tl.full([1, 1], 64.0, tl.float32)
    tmp26 = (tmp24 / tmp25)
    tmp27 = tl.full([1, 1], 1e-05, tl.float32)
    tmp28 = tmp26 + tmp27
    tmp29 = libdevice.rsqrt(tmp28)
    tmp30 = tmp8 - tmp18
    tmp31 = tmp30 * tmp29
    tmp33 = tmp31 * tmp32
    tmp35 = tmp33 + tmp34
    tl.store(out_ptr0 + (r0_2 + 64*x3), tmp6, xmask)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x3), tmp29, xmask)
    tl.store(out_ptr2 + (r0_2 + 64*x3), tmp35, xmask)
    tl.store(out_ptr1 + (x3), tmp18, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ie/ciegsap4nqia5vv7v4hzowjur5qdur3rqisv2mnxvcnet37mxioq.py
# Topologically Sorted Source Nodes: [x, , linear_1, x_1, layer_norm_1, div_3], Original ATen: [aten.add, aten.addmm, aten.view, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#    => add_tensor_3
#   div_3 => div_3
#   layer_norm_1 => add_4, add_5, mul_2, mul_3, rsqrt_1, sub_1, var_mean_1
#   linear_1 => view_7
#   x => add
#   x_1 => add_3
# Graph fragment:
#   %embedding : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %primals_9 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_9]
#   %mm_default_3 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_default_3]
#   %getitem_10 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=getitem_10]
#   %buf16 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=buf16]
#   %mul_2 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_2]
#   %primals_10 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_10]
#   %primals_11 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_11]
#   %add : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %add_tensor_3 : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_9, %mm_default_3), kwargs = {})
#   %view_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor_3, [8, 32, 64]), kwargs = {})
#   %add_3 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %view_7), kwargs = {})
#   %var_mean_1 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_3, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_4 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_9, 1e-05), kwargs = {})
#   %rsqrt_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_4,), kwargs = {})
#   %sub_1 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_3, %getitem_10), kwargs = {})
#   %mul_2 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_1, %rsqrt_1), kwargs = {})
#   %mul_3 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, %primals_10), kwargs = {})
#   %add_5 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_3, %primals_11), kwargs = {})
#   %div_3 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_1, 64), kwargs = {})
#   return %getitem_10,%buf16,%mul_2,%add_5,%div_3
triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_3 = async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_3', '''
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
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_3', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 3, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2048, 'r0_': 402176}}
)
@triton.jit
def triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_3(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    r0_2 = r0_index
    x3 = xindex
    x0 = (xindex % 32)
    tmp0 = tl.load(in_ptr0 + (r0_2 + 64*x3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_2 + 64*x0), xmask, eviction_policy='evict_last', other=0.0)
    tmp3 = tl.load(in_ptr2 + (r0_2), None, eviction_policy='evict_last')
    tmp4 = tl.load(in_ptr3 + (r0_2 + 64*x3), xmask, other=0.0)
    tmp30 = tl.load(in_ptr4 + (r0_2), None, eviction_policy='evict_last')
    tmp32 = tl.load(in_ptr5 + (r0_2), None, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp5 = tmp3 + tmp4
    tmp6 = tmp2 + tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
    tmp12 = tl.where(xmask, tmp10, 0)
    tmp13 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp14 = tl.full([1, 1], 64, tl.int32)
    tmp15 = tmp14.to(tl.float32)
    tmp16 = (tmp13 / tmp15)
    tmp17 = tmp7 - tmp16
    tmp18 = tmp17 * tmp17
    tmp19 = tl.broadcast_to(tmp18, [XBLOCK, R0_BLOCK])
    tmp21 = tl.where(xmask, tmp19, 0)
    tmp22 = tl.sum(tmp21, 1)[:, None].to(tl.float32)
    tmp23 = tmp6 - tmp16
    tmp24 = tl.full([1, 1], 64.0, tl.float32)
    tmp25 = (tmp22 / tmp24)
    tmp26 = tl.full([1, 1], 1e-05, tl.float32)
    tmp27 = tmp25 + tmp26
    tmp28 = libdevice.rsqrt(tmp27)
    tmp29 = tmp23 * tmp28
    tmp31 = tmp29 * tmp30
    tmp33 = tmp31 + tmp32
    tmp34 = tl.full([1, 1], 0.015625, tl.float32)
    tmp35 = tmp28 * tmp34
    tl.store(out_ptr2 + (r0_2 + 64*x3), tmp29, xmask)
    tl.store(out_ptr3 + (r0_2 + 64*x3), tmp33, xmask)
    tl.store(out_ptr4 + (x3), tmp35, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/2p/c2pbc4rojlzk6hifxklluf4bpjbk74bqwjhext65gq4f64xxwlby.py
# Topologically Sorted Source Nodes: [linear_2, gelu], Original ATen: [aten.view, aten.gelu]
# Source node to ATen node mapping:
#   gelu => add_6, erf, mul_4, mul_5, mul_6
#   linear_2 => view_9
# Graph fragment:
#   %addmm_2 : Tensor "f32[256, 256][256, 1]cuda:0" = PlaceHolder[target=addmm_2]
#   %view_9 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_2, [8, 32, 256]), kwargs = {})
#   %mul_4 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_9, 0.5), kwargs = {})
#   %mul_5 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_9, 0.7071067811865476), kwargs = {})
#   %erf : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_5,), kwargs = {})
#   %add_6 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf, 1), kwargs = {})
#   %mul_6 : Tensor "f32[8, 32, 256][8192, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_4, %add_6), kwargs = {})
#   return %mul_6
triton_poi_fused_gelu_view_4 = async_compile.triton('triton_poi_fused_gelu_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 65536}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_view_4', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 786432}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_view_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 65536
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tl.full([1], 0.5, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp4 = tmp0 * tmp3
    tmp5 = libdevice.erf(tmp4)
    tmp6 = tl.full([1], 1.0, tl.float32)
    tmp7 = tmp5 + tmp6
    tmp8 = tmp2 * tmp7
    tl.store(out_ptr0 + (x0), tmp8, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/l3/cl3eeyectis74yfm367inkqexj7mxtcqflovqz4bxpzaebtbpumk.py
# Topologically Sorted Source Nodes: [x, , linear_1, x_1, linear_3, x_2, layer_norm_2, div_2], Original ATen: [aten.add, aten.addmm, aten.view, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#    => add_tensor_2, add_tensor_3
#   div_2 => div_2
#   layer_norm_2 => add_8, add_9, mul_7, mul_8, rsqrt_2, sub_2, var_mean_2
#   linear_1 => view_7
#   linear_3 => view_11
#   x => add
#   x_1 => add_3
#   x_2 => add_7
# Graph fragment:
#   %embedding : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[32, 64][64, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %primals_9 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_9]
#   %mm_default_3 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_default_3]
#   %primals_15 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_15]
#   %mm_default_2 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_default_2]
#   %add_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_7]
#   %getitem_12 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=getitem_12]
#   %buf25 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=buf25]
#   %mul_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_7]
#   %primals_16 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_16]
#   %primals_17 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_17]
#   %add : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %add_tensor_3 : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_9, %mm_default_3), kwargs = {})
#   %view_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor_3, [8, 32, 64]), kwargs = {})
#   %add_3 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %view_7), kwargs = {})
#   %add_tensor_2 : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_15, %mm_default_2), kwargs = {})
#   %view_11 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor_2, [8, 32, 64]), kwargs = {})
#   %add_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_3, %view_11), kwargs = {})
#   %var_mean_2 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_7, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_8 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_11, 1e-05), kwargs = {})
#   %rsqrt_2 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_8,), kwargs = {})
#   %sub_2 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_7, %getitem_12), kwargs = {})
#   %mul_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_2, %rsqrt_2), kwargs = {})
#   %mul_8 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_7, %primals_16), kwargs = {})
#   %add_9 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_8, %primals_17), kwargs = {})
#   %div_2 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_2, 64), kwargs = {})
#   return %add_7,%getitem_12,%buf25,%mul_7,%add_9,%div_2
triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_5 = async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_5', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_5', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 8, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2048, 'r0_': 599040}}
)
@triton.jit
def triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_5(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    r0_2 = r0_index
    x3 = xindex
    x0 = (xindex % 32)
    tmp0 = tl.load(in_ptr0 + (r0_2 + 64*x3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_2 + 64*x0), xmask, eviction_policy='evict_last', other=0.0)
    tmp3 = tl.load(in_ptr2 + (r0_2), None, eviction_policy='evict_last')
    tmp4 = tl.load(in_out_ptr0 + (r0_2 + 64*x3), xmask, other=0.0)
    tmp7 = tl.load(in_ptr3 + (r0_2), None, eviction_policy='evict_last')
    tmp8 = tl.load(in_ptr4 + (r0_2 + 64*x3), xmask, other=0.0)
    tmp34 = tl.load(in_ptr5 + (r0_2), None, eviction_policy='evict_last')
    tmp36 = tl.load(in_ptr6 + (r0_2), None, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp5 = tmp3 + tmp4
    tmp6 = tmp2 + tmp5
    tmp9 = tmp7 + tmp8
    tmp10 = tmp6 + tmp9
    tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(xmask, tmp11, 0)
    tmp14 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp16 = tl.where(xmask, tmp14, 0)
    tmp17 = tl.sum(tmp16, 1)[:, None].to(tl.float32)
    tmp18 = tl.full([1, 1], 64, tl.int32)
    tmp19 = tmp18.to(tl.float32)
    tmp20 = (tmp17 / tmp19)
    tmp21 = tmp11 - tmp20
    tmp22 = tmp21 * tmp21
    tmp23 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
    tmp25 = tl.where(xmask, tmp23, 0)
    tmp26 = tl.sum(tmp25, 1)[:, None].to(tl.float32)
    tmp27 = tmp10 - tmp20
    tmp28 = tl.full([1, 1], 64.0, tl.float32)
    tmp29 = (tmp26 / tmp28)
    tmp30 = tl.full([1, 1], 1e-05, tl.float32)
    tmp31 = tmp29 + tmp30
    tmp32 = libdevice.rsqrt(tmp31)
    tmp33 = tmp27 * tmp32
    tmp35 = tmp33 * tmp34
    tmp37 = tmp35 + tmp36
    tmp38 = tl.full([1, 1], 0.015625, tl.float32)
    tmp39 = tmp32 * tmp38
    tl.store(in_out_ptr0 + (r0_2 + 64*x3), tmp10, xmask)
    tl.store(out_ptr2 + (r0_2 + 64*x3), tmp33, xmask)
    tl.store(out_ptr3 + (r0_2 + 64*x3), tmp37, xmask)
    tl.store(out_ptr4 + (x3), tmp39, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ef/cefs3ht44by5uo65ntkfa2euyllmnpzdrmwth75bgz4wpvcoyerl.py
# Topologically Sorted Source Nodes: [, linear_5, x_3, layer_norm_3, div_1], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#    => add_tensor_1
#   div_1 => div_1
#   layer_norm_3 => add_11, add_12, mul_10, mul_9, rsqrt_3, sub_3, var_mean_3
#   linear_5 => view_19
#   x_3 => add_10
# Graph fragment:
#   %add_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_7]
#   %primals_21 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_21]
#   %mm_default_1 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_default_1]
#   %getitem_21 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=getitem_21]
#   %buf37 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=buf37]
#   %mul_9 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_9]
#   %primals_22 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_22]
#   %primals_23 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_23]
#   %add_tensor_1 : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_21, %mm_default_1), kwargs = {})
#   %view_19 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor_1, [8, 32, 64]), kwargs = {})
#   %add_10 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_7, %view_19), kwargs = {})
#   %var_mean_3 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_10, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_11 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_20, 1e-05), kwargs = {})
#   %rsqrt_3 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_11,), kwargs = {})
#   %sub_3 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_10, %getitem_21), kwargs = {})
#   %mul_9 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_3, %rsqrt_3), kwargs = {})
#   %mul_10 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_9, %primals_22), kwargs = {})
#   %add_12 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_10, %primals_23), kwargs = {})
#   %div_1 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_3, 64), kwargs = {})
#   return %getitem_21,%buf37,%mul_9,%add_12,%div_1
triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_6 = async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_6', '''
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
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_6', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 3, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2048, 'r0_': 393984}}
)
@triton.jit
def triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_6(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp2 = tl.load(in_ptr2 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp28 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
    tmp30 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
    tmp3 = tmp1 + tmp2
    tmp4 = tmp0 + tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(xmask, tmp5, 0)
    tmp8 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
    tmp10 = tl.where(xmask, tmp8, 0)
    tmp11 = tl.sum(tmp10, 1)[:, None].to(tl.float32)
    tmp12 = tl.full([1, 1], 64, tl.int32)
    tmp13 = tmp12.to(tl.float32)
    tmp14 = (tmp11 / tmp13)
    tmp15 = tmp5 - tmp14
    tmp16 = tmp15 * tmp15
    tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
    tmp19 = tl.where(xmask, tmp17, 0)
    tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
    tmp21 = tmp4 - tmp14
    tmp22 = tl.full([1, 1], 64.0, tl.float32)
    tmp23 = (tmp20 / tmp22)
    tmp24 = tl.full([1, 1], 1e-05, tl.float32)
    tmp25 = tmp23 + tmp24
    tmp26 = libdevice.rsqrt(tmp25)
    tmp27 = tmp21 * tmp26
    tmp29 = tmp27 * tmp28
    tmp31 = tmp29 + tmp30
    tmp32 = tl.full([1, 1], 0.015625, tl.float32)
    tmp33 = tmp26 * tmp32
    tl.store(out_ptr2 + (r0_1 + 64*x0), tmp27, xmask)
    tl.store(out_ptr3 + (r0_1 + 64*x0), tmp31, xmask)
    tl.store(out_ptr4 + (x0), tmp33, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ho/cho3iq5jufjjtawsnvpwqbrnury5kqi27palzrc6o6l3nuj55it3.py
# Topologically Sorted Source Nodes: [, linear_5, x_3, linear_7, x_4, layer_norm_4, div], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#    => add_tensor, add_tensor_1
#   div => div
#   layer_norm_4 => add_15, add_16, mul_14, mul_15, rsqrt_4, sub_4, var_mean_4
#   linear_5 => view_19
#   linear_7 => view_23
#   x_3 => add_10
#   x_4 => add_14
# Graph fragment:
#   %add_7 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_7]
#   %primals_21 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_21]
#   %mm_default_1 : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_default_1]
#   %primals_27 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_27]
#   %mm_default : Tensor "f32[256, 64][64, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %add_14 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=add_14]
#   %getitem_23 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=getitem_23]
#   %buf46 : Tensor "f32[8, 32, 1][32, 1, 256]cuda:0" = PlaceHolder[target=buf46]
#   %mul_14 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0" = PlaceHolder[target=mul_14]
#   %primals_28 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_28]
#   %primals_29 : Tensor "f32[64][1]cuda:0" = PlaceHolder[target=primals_29]
#   %add_tensor_1 : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_21, %mm_default_1), kwargs = {})
#   %view_19 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor_1, [8, 32, 64]), kwargs = {})
#   %add_10 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_7, %view_19), kwargs = {})
#   %add_tensor : Tensor "f32[256, 64][64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_27, %mm_default), kwargs = {})
#   %view_23 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor, [8, 32, 64]), kwargs = {})
#   %add_14 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_10, %view_23), kwargs = {})
#   %var_mean_4 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_14, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_15 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_22, 1e-05), kwargs = {})
#   %rsqrt_4 : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_15,), kwargs = {})
#   %sub_4 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_14, %getitem_23), kwargs = {})
#   %mul_14 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_4, %rsqrt_4), kwargs = {})
#   %mul_15 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %primals_28), kwargs = {})
#   %add_16 : Tensor "f32[8, 32, 64][2048, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_15, %primals_29), kwargs = {})
#   %div : Tensor "f32[8, 32, 1][32, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_4, 64), kwargs = {})
#   return %add_14,%getitem_23,%buf46,%mul_14,%add_16,%div
triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_7 = async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_7', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 3, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2048, 'r0_': 459776}}
)
@triton.jit
def triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_7(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_out_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (r0_1), None, eviction_policy='evict_last')
    tmp2 = tl.load(in_ptr1 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp5 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp6 = tl.load(in_ptr3 + (r0_1 + 64*x0), xmask, other=0.0)
    tmp32 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
    tmp34 = tl.load(in_ptr5 + (r0_1), None, eviction_policy='evict_last')
    tmp3 = tmp1 + tmp2
    tmp4 = tmp0 + tmp3
    tmp7 = tmp5 + tmp6
    tmp8 = tmp4 + tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(xmask, tmp9, 0)
    tmp12 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
    tmp14 = tl.where(xmask, tmp12, 0)
    tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], 64, tl.int32)
    tmp17 = tmp16.to(tl.float32)
    tmp18 = (tmp15 / tmp17)
    tmp19 = tmp9 - tmp18
    tmp20 = tmp19 * tmp19
    tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
    tmp23 = tl.where(xmask, tmp21, 0)
    tmp24 = tl.sum(tmp23, 1)[:, None].to(tl.float32)
    tmp25 = tmp8 - tmp18
    tmp26 = tl.full([1, 1], 64.0, tl.float32)
    tmp27 = (tmp24 / tmp26)
    tmp28 = tl.full([1, 1], 1e-05, tl.float32)
    tmp29 = tmp27 + tmp28
    tmp30 = libdevice.rsqrt(tmp29)
    tmp31 = tmp25 * tmp30
    tmp33 = tmp31 * tmp32
    tmp35 = tmp33 + tmp34
    tmp36 = tl.full([1, 1], 0.015625, tl.float32)
    tmp37 = tmp30 * tmp36
    tl.store(in_out_ptr0 + (r0_1 + 64*x0), tmp31, xmask)
    tl.store(out_ptr2 + (r0_1 + 64*x0), tmp35, xmask)
    tl.store(out_ptr3 + (x0), tmp37, xmask)
''', device_str='cuda')

def partition_0(args):
    primals_3, primals_1, primals_2, primals_4, primals_5, primals_7, primals_6, primals_8, primals_9, primals_10, primals_11, primals_13, primals_12, primals_14, primals_15, primals_16, primals_17, primals_19, primals_18, primals_20, primals_21, primals_22, primals_23, primals_25, primals_24, primals_26, primals_27, primals_28, primals_29, primals_30 = args
    args.clear()
    assert_size_stride(primals_3, (32, 64), (64, 1))
    assert_size_stride(primals_1, (8, 32), (33, 1))
    assert_size_stride(primals_2, (512, 64), (64, 1))
    assert_size_stride(primals_4, (64, ), (1, ))
    assert_size_stride(primals_5, (64, ), (1, ))
    assert_size_stride(primals_7, (192, ), (1, ))
    assert_size_stride(primals_6, (192, 64), (64, 1))
    assert_size_stride(primals_8, (64, 64), (64, 1))
    assert_size_stride(primals_9, (64, ), (1, ))
    assert_size_stride(primals_10, (64, ), (1, ))
    assert_size_stride(primals_11, (64, ), (1, ))
    assert_size_stride(primals_13, (256, ), (1, ))
    assert_size_stride(primals_12, (256, 64), (64, 1))
    assert_size_stride(primals_14, (64, 256), (256, 1))
    assert_size_stride(primals_15, (64, ), (1, ))
    assert_size_stride(primals_16, (64, ), (1, ))
    assert_size_stride(primals_17, (64, ), (1, ))
    assert_size_stride(primals_19, (192, ), (1, ))
    assert_size_stride(primals_18, (192, 64), (64, 1))
    assert_size_stride(primals_20, (64, 64), (64, 1))
    assert_size_stride(primals_21, (64, ), (1, ))
    assert_size_stride(primals_22, (64, ), (1, ))
    assert_size_stride(primals_23, (64, ), (1, ))
    assert_size_stride(primals_25, (256, ), (1, ))
    assert_size_stride(primals_24, (256, 64), (64, 1))
    assert_size_stride(primals_26, (64, 256), (256, 1))
    assert_size_stride(primals_27, (64, ), (1, ))
    assert_size_stride(primals_28, (64, ), (1, ))
    assert_size_stride(primals_29, (64, ), (1, ))
    assert_size_stride(primals_30, (512, 64), (64, 1))
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        buf0 = empty_strided_cuda((32, ), (1, ), torch.int64)
        # Topologically Sorted Source Nodes: [positions], Original ATen: [aten.arange]
        # [Provenance debug handles] triton_poi_fused_arange_0:1
        stream0 = get_raw_stream(0)
        triton_poi_fused_arange_0.run(buf0, 32, stream=stream0)
        buf2 = empty_strided_cuda((32, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [embedding_1], Original ATen: [aten.embedding]
        # [Provenance debug handles] triton_poi_fused_embedding_1:2
        stream0 = get_raw_stream(0)
        triton_poi_fused_embedding_1.run(primals_3, buf2, 2048, stream=stream0)
        del primals_3
        buf1 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf3 = empty_strided_cuda((8, 32, 1), (32, 1, 1), torch.float32)
        buf4 = empty_strided_cuda((8, 32, 1), (32, 1, 256), torch.float32)
        buf6 = reinterpret_tensor(buf4, (8, 32, 1), (32, 1, 1), 0); del buf4  # reuse
        buf7 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [embedding, x, layer_norm], Original ATen: [aten.embedding, aten.add, aten.native_layer_norm]
        # [Provenance debug handles] triton_per_fused_add_embedding_native_layer_norm_2:3
        stream0 = get_raw_stream(0)
        triton_per_fused_add_embedding_native_layer_norm_2.run(buf6, primals_1, primals_2, buf2, primals_4, primals_5, buf1, buf3, buf7, 256, 64, stream=stream0)
        del primals_2
        del primals_5
        buf8 = empty_strided_cuda((256, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [x, layer_norm, linear], Original ATen: [aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:4
        extern_kernels.addmm(primals_7, reinterpret_tensor(buf7, (256, 64), (64, 1), 0), reinterpret_tensor(primals_6, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf8)
        del primals_7
        # Topologically Sorted Source Nodes: [linear, split, view, q_1, view_1, k_1, view_2, v_1, y], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_efficient_attention]
        # [Provenance debug handles] torch.ops.aten._scaled_dot_product_efficient_attention.default:5
        buf9 = torch.ops.aten._scaled_dot_product_efficient_attention.default(reinterpret_tensor(buf8, (8, 4, 32, 16), (6144, 16, 192, 1), 0), reinterpret_tensor(buf8, (8, 4, 32, 16), (6144, 16, 192, 1), 64), reinterpret_tensor(buf8, (8, 4, 32, 16), (6144, 16, 192, 1), 128), None, True, 0.0, True)
        buf10 = buf9[0]
        assert_size_stride(buf10, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf10, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        buf11 = buf9[1]
        assert_size_stride(buf11, (8, 4, 32), (128, 32, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf11, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        buf12 = buf9[2]
        assert_size_stride(buf12, (), (), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf12, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        buf13 = buf9[3]
        assert_size_stride(buf13, (), (), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf13, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        del buf9
        buf14 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [transpose_3, reshape, linear_1, ], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.mm:6
        extern_kernels.mm(reinterpret_tensor(buf10, (256, 64), (64, 1), 0), reinterpret_tensor(primals_8, (64, 64), (1, 64), 0), out=buf14)
        buf18 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf19 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf54 = empty_strided_cuda((8, 32, 1), (32, 1, 1), torch.float32)
        # Topologically Sorted Source Nodes: [x, , linear_1, x_1, layer_norm_1, div_3], Original ATen: [aten.add, aten.addmm, aten.view, aten.native_layer_norm, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_3:7
        stream0 = get_raw_stream(0)
        triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_3.run(buf1, buf2, primals_9, buf14, primals_10, primals_11, buf18, buf19, buf54, 256, 64, stream=stream0)
        del primals_11
        buf20 = empty_strided_cuda((256, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [layer_norm_1, linear_2], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:8
        extern_kernels.addmm(primals_13, reinterpret_tensor(buf19, (256, 64), (64, 1), 0), reinterpret_tensor(primals_12, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf20)
        del primals_13
        buf21 = empty_strided_cuda((8, 32, 256), (8192, 256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_2, gelu], Original ATen: [aten.view, aten.gelu]
        # [Provenance debug handles] triton_poi_fused_gelu_view_4:9
        stream0 = get_raw_stream(0)
        triton_poi_fused_gelu_view_4.run(buf20, buf21, 65536, stream=stream0)
        buf22 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_2, gelu, linear_3, ], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.mm:10
        extern_kernels.mm(reinterpret_tensor(buf21, (256, 256), (256, 1), 0), reinterpret_tensor(primals_14, (256, 64), (1, 256), 0), out=buf22)
        buf23 = reinterpret_tensor(buf14, (8, 32, 64), (2048, 64, 1), 0); del buf14  # reuse
        buf27 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf28 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf53 = empty_strided_cuda((8, 32, 1), (32, 1, 1), torch.float32)
        # Topologically Sorted Source Nodes: [x, , linear_1, x_1, linear_3, x_2, layer_norm_2, div_2], Original ATen: [aten.add, aten.addmm, aten.view, aten.native_layer_norm, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_5:11
        stream0 = get_raw_stream(0)
        triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_5.run(buf23, buf1, buf2, primals_9, primals_15, buf22, primals_16, primals_17, buf27, buf28, buf53, 256, 64, stream=stream0)
        del buf22
        del primals_15
        del primals_17
        del primals_9
        buf29 = empty_strided_cuda((256, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [layer_norm_2, linear_4], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:12
        extern_kernels.addmm(primals_19, reinterpret_tensor(buf28, (256, 64), (64, 1), 0), reinterpret_tensor(primals_18, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf29)
        del primals_19
        # Topologically Sorted Source Nodes: [linear_4, split_1, view_3, q_3, view_4, k_3, view_5, v_3, y_1], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_efficient_attention]
        # [Provenance debug handles] torch.ops.aten._scaled_dot_product_efficient_attention.default:13
        buf30 = torch.ops.aten._scaled_dot_product_efficient_attention.default(reinterpret_tensor(buf29, (8, 4, 32, 16), (6144, 16, 192, 1), 0), reinterpret_tensor(buf29, (8, 4, 32, 16), (6144, 16, 192, 1), 64), reinterpret_tensor(buf29, (8, 4, 32, 16), (6144, 16, 192, 1), 128), None, True, 0.0, True)
        buf31 = buf30[0]
        assert_size_stride(buf31, (8, 4, 32, 16), (2048, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf31, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        buf32 = buf30[1]
        assert_size_stride(buf32, (8, 4, 32), (128, 32, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf32, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        buf33 = buf30[2]
        assert_size_stride(buf33, (), (), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf33, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        buf34 = buf30[3]
        assert_size_stride(buf34, (), (), 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        assert_alignment(buf34, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention.default')
        del buf30
        buf35 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [transpose_7, reshape_1, linear_5, ], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.mm:14
        extern_kernels.mm(reinterpret_tensor(buf31, (256, 64), (64, 1), 0), reinterpret_tensor(primals_20, (64, 64), (1, 64), 0), out=buf35)
        buf39 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf40 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf52 = empty_strided_cuda((8, 32, 1), (32, 1, 1), torch.float32)
        # Topologically Sorted Source Nodes: [, linear_5, x_3, layer_norm_3, div_1], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_6:15
        stream0 = get_raw_stream(0)
        triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_6.run(buf23, primals_21, buf35, primals_22, primals_23, buf39, buf40, buf52, 256, 64, stream=stream0)
        del primals_23
        buf41 = empty_strided_cuda((256, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [layer_norm_3, linear_6], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:16
        extern_kernels.addmm(primals_25, reinterpret_tensor(buf40, (256, 64), (64, 1), 0), reinterpret_tensor(primals_24, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf41)
        del primals_25
        buf42 = empty_strided_cuda((8, 32, 256), (8192, 256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_6, gelu_1], Original ATen: [aten.view, aten.gelu]
        # [Provenance debug handles] triton_poi_fused_gelu_view_4:17
        stream0 = get_raw_stream(0)
        triton_poi_fused_gelu_view_4.run(buf41, buf42, 65536, stream=stream0)
        buf43 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_6, gelu_1, linear_7, ], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.mm:18
        extern_kernels.mm(reinterpret_tensor(buf42, (256, 256), (256, 1), 0), reinterpret_tensor(primals_26, (256, 64), (1, 256), 0), out=buf43)
        buf44 = buf23; del buf23  # reuse
        buf48 = buf44; del buf44  # reuse
        buf49 = empty_strided_cuda((8, 32, 64), (2048, 64, 1), torch.float32)
        buf51 = empty_strided_cuda((8, 32, 1), (32, 1, 1), torch.float32)
        # Topologically Sorted Source Nodes: [, linear_5, x_3, linear_7, x_4, layer_norm_4, div], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
        # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_7:19
        stream0 = get_raw_stream(0)
        triton_per_fused_add_addmm_native_layer_norm_native_layer_norm_backward_view_7.run(buf48, primals_21, buf35, primals_27, buf43, primals_28, primals_29, buf49, buf51, 256, 64, stream=stream0)
        del buf35
        del buf43
        del primals_21
        del primals_27
        del primals_29
        buf50 = empty_strided_cuda((256, 512), (512, 1), torch.float32)
        # Topologically Sorted Source Nodes: [layer_norm_4, linear_8], Original ATen: [aten.native_layer_norm, aten.t, aten.view, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:20
        extern_kernels.mm(reinterpret_tensor(buf49, (256, 64), (64, 1), 0), reinterpret_tensor(primals_30, (64, 512), (1, 64), 0), out=buf50)
    return (buf0, buf2, buf1, buf3, buf6, buf7, buf8, buf10, buf11, buf12, buf13, buf18, buf19, buf54, buf20, buf21, buf27, buf28, buf53, buf29, buf31, buf32, buf33, buf34, buf39, buf40, buf52, buf41, buf42, buf48, buf49, buf51, buf50, primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_16, primals_18, primals_20, primals_22, primals_24, primals_26, primals_28, primals_30, )


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
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30 = args
        args.clear()
        partition0_args = [primals_3, primals_1, primals_2, primals_4, primals_5, primals_7, primals_6, primals_8, primals_9, primals_10, primals_11, primals_13, primals_12, primals_14, primals_15, primals_16, primals_17, primals_19, primals_18, primals_20, primals_21, primals_22, primals_23, primals_25, primals_24, primals_26, primals_27, primals_28, primals_29, primals_30]
        del primals_3, primals_2, primals_5, primals_7, primals_9, primals_11, primals_13, primals_15, primals_17, primals_19, primals_21, primals_23, primals_25, primals_27, primals_29
        (buf0, buf2, buf1, buf3, buf6, buf7, buf8, buf10, buf11, buf12, buf13, buf18, buf19, buf54, buf20, buf21, buf27, buf28, buf53, buf29, buf31, buf32, buf33, buf34, buf39, buf40, buf52, buf41, buf42, buf48, buf49, buf51, buf50, primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_16, primals_18, primals_20, primals_22, primals_24, primals_26, primals_28, primals_30) = self.partitions[0](partition0_args)
        del partition0_args
        return (reinterpret_tensor(buf50, (8, 32, 512), (16384, 512, 1), 0), primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_16, primals_18, primals_20, primals_22, primals_24, primals_26, primals_28, primals_30, buf0, buf1, buf2, buf3, buf6, reinterpret_tensor(buf7, (256, 64), (64, 1), 0), reinterpret_tensor(buf8, (8, 4, 32, 16), (6144, 16, 192, 1), 0), reinterpret_tensor(buf8, (8, 4, 32, 16), (6144, 16, 192, 1), 64), reinterpret_tensor(buf8, (8, 4, 32, 16), (6144, 16, 192, 1), 128), buf10, buf11, buf12, buf13, buf18, reinterpret_tensor(buf19, (256, 64), (64, 1), 0), buf20, reinterpret_tensor(buf21, (256, 256), (256, 1), 0), buf27, reinterpret_tensor(buf28, (256, 64), (64, 1), 0), reinterpret_tensor(buf29, (8, 4, 32, 16), (6144, 16, 192, 1), 0), reinterpret_tensor(buf29, (8, 4, 32, 16), (6144, 16, 192, 1), 64), reinterpret_tensor(buf29, (8, 4, 32, 16), (6144, 16, 192, 1), 128), buf31, buf32, buf33, buf34, buf39, reinterpret_tensor(buf40, (256, 64), (64, 1), 0), buf41, reinterpret_tensor(buf42, (256, 256), (256, 1), 0), buf48, reinterpret_tensor(buf49, (256, 64), (64, 1), 0), buf51, buf52, buf53, buf54, )

runner = Runner(partitions=[partition_0,])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((8, 32), (33, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((512, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_3 = rand_strided((32, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_4 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_5 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((192, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_7 = rand_strided((192, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((64, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_11 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((256, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((64, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((192, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((192, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_20 = rand_strided((64, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((256, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    primals_25 = rand_strided((256, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((64, 256), (256, 1), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_29 = rand_strided((64, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((512, 64), (64, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
