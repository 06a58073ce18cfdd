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


# kernel path: /tmp/torchinductor_root/4e/c4e24hrz5tcrty765oll4o4afqc7autfwosx26227vzgtozzzv5f.py
# Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, sum_4, mul_41, sub_2, view_80, convert_element_type_135, add_32], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add]
# Source node to ATen node mapping:
#    => eq_tensor, expand_default, iota_default, scalar_tensor_default, scalar_tensor_default_1, view_default, where_self
#   add_32 => add_32
#   convert_element_type_135 => convert_element_type_135
#   div_5 => div_5
#   exp_5 => exp_5
#   getitem_23 => slice_17
#   logits_1 => convert_element_type_133
#   logits_2 => view_78
#   loss => full_default_8, full_default_9, sub, sub_1
#   mul_40 => mul_40
#   mul_41 => mul_41
#   ne_3 => ne_3
#   shift_labels => clone_6
#   shift_labels_1 => view_79
#   sub_2 => sub_2
#   sum_4 => sum_4
#   unsqueeze_20 => unsqueeze_20
#   view_80 => view_80
#   where_6 => where_6
#   where_7 => where_7
# Graph fragment:
#   %constant_pad_nd : Tensor "i64[8, 513][513, 1]cuda:0" = PlaceHolder[target=constant_pad_nd]
#   %tangents_9 : Tensor "f32[][]cuda:0" = PlaceHolder[target=tangents_9]
#   %convert_element_type_134 : Tensor "f32[][]cuda:0" = PlaceHolder[target=convert_element_type_134]
#   %tangents_10 : Tensor "bf16[8, 512, 32000][16384000, 32000, 1]cuda:0" = PlaceHolder[target=tangents_10]
#   %view_77 : Tensor "bf16[8, 512, 32000][16384000, 32000, 1]cuda:0" = PlaceHolder[target=view_77]
#   %amax : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=amax]
#   %log : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=log]
#   %sum_4 : Tensor "f32[4096, 1][1, 4096]cuda:0" = PlaceHolder[target=sum_4]
#   %div_5 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%tangents_9, %convert_element_type_134), kwargs = {})
#   %slice_17 : Tensor "i64[8, 512][513, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%constant_pad_nd, 1, 1, 9223372036854775807), kwargs = {})
#   %clone_6 : Tensor "i64[8, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%slice_17,), kwargs = {memory_format: torch.contiguous_format})
#   %view_79 : Tensor "i64[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_6, [-1]), kwargs = {})
#   %unsqueeze_20 : Tensor "i64[4096, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%view_79, 1), kwargs = {})
#   %ne_3 : Tensor "b8[4096, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.ne.Scalar](args = (%unsqueeze_20, -100), kwargs = {})
#   %full_default_8 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0), kwargs = {dtype: torch.int64, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_6 : Tensor "i64[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne_3, %unsqueeze_20, %full_default_8), kwargs = {})
#   %iota_default : Tensor "i64[32000][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (32000,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %view_default : Tensor "i64[1, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%iota_default, [1, 32000]), kwargs = {})
#   %expand_default : Tensor "i64[4096, 32000][1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%where_6, [4096, 32000]), kwargs = {})
#   %eq_tensor : Tensor "b8[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Tensor](args = (%expand_default, %view_default), kwargs = {})
#   %scalar_tensor_default : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (0,), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0})
#   %scalar_tensor_default_1 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (-1.0,), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0})
#   %where_self : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%eq_tensor, %scalar_tensor_default_1, %scalar_tensor_default), kwargs = {})
#   %full_default_9 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_7 : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne_3, %div_5, %full_default_9), kwargs = {})
#   %mul_40 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%where_self, %where_7), kwargs = {})
#   %convert_element_type_133 : Tensor "f32[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_77, torch.float32), kwargs = {})
#   %view_78 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_133, [-1, 32000]), kwargs = {})
#   %sub : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%view_78, %amax), kwargs = {})
#   %sub_1 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub, %log), kwargs = {})
#   %exp_5 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%sub_1,), kwargs = {})
#   %sum_4 : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_40, [1], True), kwargs = {})
#   %mul_41 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_5, %sum_4), kwargs = {})
#   %sub_2 : Tensor "f32[4096, 32000][32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_40, %mul_41), kwargs = {})
#   %view_80 : Tensor "f32[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sub_2, [8, 512, 32000]), kwargs = {})
#   %convert_element_type_135 : Tensor "bf16[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_80, torch.bfloat16), kwargs = {})
#   %add_32 : Tensor "bf16[8, 512, 32000][16384000, 32000, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_10, %convert_element_type_135), kwargs = {})
#   return %sum_4,%add_32
triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0 = async_compile.triton('triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0', '''
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
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 10, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 1048576000}}
)
@triton.jit
def triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (1 + 513*(x0 // 512) + ((x0 % 512))), None, eviction_policy='evict_last')
    tmp10 = tl.load(in_ptr1 + (0))
    tmp11 = tl.broadcast_to(tmp10, [1, 1])
    tmp12 = tl.load(in_ptr2 + (0))
    tmp13 = tl.broadcast_to(tmp12, [1, 1])
    _tmp18 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp1 = tl.full([1, 1], -100, tl.int64)
        tmp2 = tmp0 != tmp1
        tmp3 = tl.full([1, 1], 0, tl.int64)
        tmp4 = tl.where(tmp2, tmp0, tmp3)
        tmp5 = r0_1
        tmp6 = tmp4 == tmp5
        tmp7 = tl.full([1, 1], -1.0, tl.float32)
        tmp8 = tl.full([1, 1], 0.0, tl.float32)
        tmp9 = tl.where(tmp6, tmp7, tmp8)
        tmp14 = (tmp11 / tmp13)
        tmp15 = tl.where(tmp2, tmp14, tmp8)
        tmp16 = tmp9 * tmp15
        tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
        tmp19 = _tmp18 + tmp17
        _tmp18 = tl.where(r0_mask, tmp19, _tmp18)
    tmp18 = tl.sum(_tmp18, 1)[:, None]
    x2 = (xindex % 512)
    x3 = xindex // 512
    tmp21 = tl.load(in_ptr0 + (1 + x2 + 513*x3), None, eviction_policy='evict_last')
    tmp31 = tl.load(in_ptr1 + (0))
    tmp32 = tl.broadcast_to(tmp31, [1, 1])
    tmp33 = tl.load(in_ptr2 + (0))
    tmp34 = tl.broadcast_to(tmp33, [1, 1])
    tmp40 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last')
    tmp42 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last')
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp20 = tl.load(in_ptr3 + (r0_1 + 32000*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp38 = tl.load(in_ptr4 + (r0_1 + 32000*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp22 = tl.full([1, 1], -100, tl.int64)
        tmp23 = tmp21 != tmp22
        tmp24 = tl.full([1, 1], 0, tl.int64)
        tmp25 = tl.where(tmp23, tmp21, tmp24)
        tmp26 = r0_1
        tmp27 = tmp25 == tmp26
        tmp28 = tl.full([1, 1], -1.0, tl.float32)
        tmp29 = tl.full([1, 1], 0.0, tl.float32)
        tmp30 = tl.where(tmp27, tmp28, tmp29)
        tmp35 = (tmp32 / tmp34)
        tmp36 = tl.where(tmp23, tmp35, tmp29)
        tmp37 = tmp30 * tmp36
        tmp39 = tmp38.to(tl.float32)
        tmp41 = tmp39 - tmp40
        tmp43 = tmp41 - tmp42
        tmp44 = libdevice.exp(tmp43)
        tmp45 = tmp44 * tmp18
        tmp46 = tmp37 - tmp45
        tmp47 = tmp46.to(tl.float32)
        tmp48 = tmp20 + tmp47
        tl.store(out_ptr1 + (r0_1 + 32000*x0), tmp48, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/3v/c3vvkaqonux445tz2chpgjvfoudzy2derbomxy5f5kbkogk6fckm.py
# Topologically Sorted Source Nodes: [convert_element_type_141], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_141 => convert_element_type_141
# Graph fragment:
#   %mm_29 : Tensor "bf16[32000, 512][512, 1]cuda:0" = PlaceHolder[target=mm_29]
#   %convert_element_type_141 : Tensor "f32[32000, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_29, torch.float32), kwargs = {})
#   return %convert_element_type_141
triton_poi_fused__to_copy_1 = async_compile.triton('triton_poi_fused__to_copy_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16777216}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 163840000}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 16384000
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/hi/chidy7gka7pszrih2y4wyshh7dzzkdrmay3cdoapm44un4pflumi.py
# Topologically Sorted Source Nodes: [view_82, convert_element_type_140, hidden_states_33, mul_43, sum_5], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum]
# Source node to ATen node mapping:
#   convert_element_type_140 => convert_element_type_140
#   hidden_states_33 => mul_38
#   mul_43 => mul_43
#   sum_5 => sum_5
#   view_82 => view_82
# Graph fragment:
#   %mm_30 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_30]
#   %add_30 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_30]
#   %rsqrt_8 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_8]
#   %view_82 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_30, [8, 512, 512]), kwargs = {})
#   %convert_element_type_140 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_82, torch.float32), kwargs = {})
#   %mul_38 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_30, %rsqrt_8), kwargs = {})
#   %mul_43 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_140, %mul_38), kwargs = {})
#   %sum_5 : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_43, [0, 1], True), kwargs = {dtype: torch.float32})
#   return %buf5
triton_red_fused__to_copy_mul_sum_view_2 = async_compile.triton('triton_red_fused__to_copy_mul_sum_view_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_mul_sum_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12713984, 'r0_': 16384}}
)
@triton.jit
def triton_red_fused__to_copy_mul_sum_view_2(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 16384
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 512)
    x1 = xindex // 512
    _tmp7 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp3 = tl.load(in_ptr2 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp4 = tmp2 * tmp3
        tmp5 = tmp1 * tmp4
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp8 = _tmp7 + tmp6
        _tmp7 = tl.where(r0_mask, tmp8, _tmp7)
    tmp7 = tl.sum(_tmp7, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp7, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4m/c4mpnpjmrydfzqkwooq7rze7ci577c3dy4qtlg5txzclpinrnh27.py
# Topologically Sorted Source Nodes: [view_82, convert_element_type_140, hidden_states_33, mul_43, sum_5], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum]
# Source node to ATen node mapping:
#   convert_element_type_140 => convert_element_type_140
#   hidden_states_33 => mul_38
#   mul_43 => mul_43
#   sum_5 => sum_5
#   view_82 => view_82
# Graph fragment:
#   %buf5 : Tensor "f32[1, 1, 512, 32][16384, 16384, 1, 512]cuda:0" = PlaceHolder[target=buf5]
#   %view_82 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_30, [8, 512, 512]), kwargs = {})
#   %convert_element_type_140 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_82, torch.float32), kwargs = {})
#   %mul_38 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_30, %rsqrt_8), kwargs = {})
#   %mul_43 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_140, %mul_38), kwargs = {})
#   %sum_5 : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_43, [0, 1], True), kwargs = {dtype: torch.float32})
#   return %sum_5
triton_per_fused__to_copy_mul_sum_view_3 = async_compile.triton('triton_per_fused__to_copy_mul_sum_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 32},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_mul_sum_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 69632, 'r0_': 0}}
)
@triton.jit
def triton_per_fused__to_copy_mul_sum_view_3(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 512
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
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
    tmp0 = tl.load(in_ptr0 + (x0 + 512*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/rt/crt7myytlolmrwlq2f4e5sxlvf6vkxd6ia6rt4vbcqgi6o4rprvq.py
# Topologically Sorted Source Nodes: [view_82, convert_element_type_140, mul_42, mul_44, mul_45, sum_6, pow_10, mul_46, mul_47, expand_5, div_6, pow_11, mul_48, mul_49, add_33, convert_element_type_142, view_84], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum, aten.pow, aten.expand, aten.div, aten.add]
# Source node to ATen node mapping:
#   add_33 => add_33
#   convert_element_type_140 => convert_element_type_140
#   convert_element_type_142 => convert_element_type_142
#   div_6 => div_6
#   expand_5 => expand_5
#   mul_42 => mul_42
#   mul_44 => mul_44
#   mul_45 => mul_45
#   mul_46 => mul_46
#   mul_47 => mul_47
#   mul_48 => mul_48
#   mul_49 => mul_49
#   pow_10 => pow_10
#   pow_11 => pow_11
#   sum_6 => sum_6
#   view_82 => view_82
#   view_84 => view_84
# Graph fragment:
#   %mm_30 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_30]
#   %primals_40 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_40]
#   %add_30 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_30]
#   %rsqrt_8 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_8]
#   %sum_6 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=sum_6]
#   %add_33 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_33]
#   %view_82 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_30, [8, 512, 512]), kwargs = {})
#   %convert_element_type_140 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_82, torch.float32), kwargs = {})
#   %mul_42 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_140, %primals_40), kwargs = {})
#   %mul_44 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_42, %add_30), kwargs = {})
#   %mul_45 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_42, %rsqrt_8), kwargs = {})
#   %sum_6 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_44, [2], True), kwargs = {dtype: torch.float32})
#   %pow_10 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%rsqrt_8, 3), kwargs = {})
#   %mul_46 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%sum_6, -0.5), kwargs = {})
#   %mul_47 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_46, %pow_10), kwargs = {})
#   %expand_5 : Tensor "f32[8, 512, 512][512, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%mul_47, [8, 512, 512]), kwargs = {})
#   %div_6 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_5, 512), kwargs = {})
#   %pow_11 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_30, 1.0), kwargs = {})
#   %mul_48 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_11, 2.0), kwargs = {})
#   %mul_49 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_6, %mul_48), kwargs = {})
#   %add_33 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_45, %mul_49), kwargs = {})
#   %convert_element_type_142 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_33, torch.bfloat16), kwargs = {})
#   %view_84 : Tensor "bf16[4096, 512][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_142, [4096, 512]), kwargs = {})
#   return %sum_6,%add_33,%view_84
triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4 = async_compile.triton('triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 46139392}}
)
@triton.jit
def triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
    tmp4 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), None)
    tmp9 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp5 = tmp3 * tmp4
    tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
    tmp8 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp10 = tmp3 * tmp9
    tmp11 = tl.full([1, 1], -0.5, tl.float32)
    tmp12 = tmp8 * tmp11
    tmp13 = tmp9 * tmp9
    tmp14 = tmp13 * tmp9
    tmp15 = tmp12 * tmp14
    tmp16 = tl.full([1, 1], 0.001953125, tl.float32)
    tmp17 = tmp15 * tmp16
    tmp18 = tl.full([1, 1], 2.0, tl.float32)
    tmp19 = tmp4 * tmp18
    tmp20 = tmp17 * tmp19
    tmp21 = tmp10 + tmp20
    tmp22 = tmp21.to(tl.float32)
    tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp21, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp22, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/bv/cbvvp5jkaoe2rr63ginwxzqe6noj5nshtrnz6ygdja6lhlsxy22a.py
# Topologically Sorted Source Nodes: [convert_element_type_147], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_147 => convert_element_type_147
# Graph fragment:
#   %mm_31 : Tensor "bf16[512, 1376][1408, 1]cuda:0" = PlaceHolder[target=mm_31]
#   %convert_element_type_147 : Tensor "f32[512, 1376][1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_31, torch.float32), kwargs = {})
#   return %convert_element_type_147
triton_poi_fused__to_copy_5 = async_compile.triton('triton_poi_fused__to_copy_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 7045120}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_5(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 704512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 1376)
    x1 = xindex // 1376
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 1408*x1), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/bm/cbmhbh7g6ajbu45nds2pb6l2wv6a7nupgbdravbyqu3estbcbxlz.py
# Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
# Source node to ATen node mapping:
#   add_35 => add_35
#   convert_element_type_154 => convert_element_type_154
#   convert_element_type_156 => convert_element_type_156
#   linear_25 => view_71
#   linear_26 => view_73
#   mul_50 => mul_50
#   mul_51 => mul_51
#   mul_52 => mul_52
#   mul_53 => mul_53
#   mul_54 => mul_54
#   mul_55 => mul_55
#   reciprocal => reciprocal
#   silu_3 => add_29, convert_element_type_120, convert_element_type_121, div_3, exp_3, neg_11
#   sub_3 => sub_3
#   view_85 => view_85
# Graph fragment:
#   %mm_32 : Tensor "bf16[4096, 1376][1408, 1]cuda:0" = PlaceHolder[target=mm_32]
#   %mm_25 : Tensor "bf16[4096, 1376][1408, 1]cuda:0" = PlaceHolder[target=mm_25]
#   %mm_26 : Tensor "bf16[4096, 1376][1408, 1]cuda:0" = PlaceHolder[target=mm_26]
#   %view_85 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_32, [8, 512, 1376]), kwargs = {})
#   %view_71 : Tensor "bf16[8, 512, 1376][720896, 1408, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_25, [8, 512, 1376]), kwargs = {})
#   %convert_element_type_120 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_71, torch.float32), kwargs = {})
#   %neg_11 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%convert_element_type_120,), kwargs = {})
#   %exp_3 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%neg_11,), kwargs = {})
#   %add_29 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%exp_3, 1), kwargs = {})
#   %div_3 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%convert_element_type_120, %add_29), kwargs = {})
#   %convert_element_type_121 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%div_3, torch.bfloat16), kwargs = {})
#   %mul_50 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_85, %convert_element_type_121), kwargs = {})
#   %view_73 : Tensor "bf16[8, 512, 1376][720896, 1408, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_26, [8, 512, 1376]), kwargs = {})
#   %mul_51 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_85, %view_73), kwargs = {})
#   %convert_element_type_154 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_51, torch.float32), kwargs = {})
#   %reciprocal : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reciprocal.default](args = (%add_29,), kwargs = {})
#   %mul_52 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%reciprocal, 1), kwargs = {})
#   %mul_53 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_154, %mul_52), kwargs = {})
#   %sub_3 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (1, %mul_52), kwargs = {})
#   %mul_54 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_120, %sub_3), kwargs = {})
#   %add_35 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_54, 1), kwargs = {})
#   %mul_55 : Tensor "f32[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_53, %add_35), kwargs = {})
#   %convert_element_type_156 : Tensor "bf16[8, 512, 1376][704512, 1376, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_55, torch.bfloat16), kwargs = {})
#   return %mul_50,%convert_element_type_156
triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6 = async_compile.triton('triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8388608}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 78905344}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6(in_out_ptr0, in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 5636096
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 1376)
    x1 = xindex // 1376
    tmp0 = tl.load(in_ptr0 + (x0 + 1408*x1), None).to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (x0 + 1408*x1), None).to(tl.float32)
    tmp10 = tl.load(in_out_ptr0 + (x0 + 1408*x1), None).to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tmp3 = -tmp2
    tmp4 = libdevice.exp(tmp3)
    tmp5 = tl.full([1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = (tmp2 / tmp6)
    tmp8 = tmp7.to(tl.float32)
    tmp9 = tmp0 * tmp8
    tmp11 = tmp0 * tmp10
    tmp12 = tmp11.to(tl.float32)
    tmp13 = tl.full([1], 1, tl.int32)
    tmp14 = (tmp13 / tmp6)
    tmp15 = tmp14 * tmp5
    tmp16 = tmp12 * tmp15
    tmp17 = tmp5 - tmp15
    tmp18 = tmp2 * tmp17
    tmp19 = tmp18 + tmp5
    tmp20 = tmp16 * tmp19
    tmp21 = tmp20.to(tl.float32)
    tl.store(out_ptr0 + (x0 + 1408*x1), tmp9, None)
    tl.store(in_out_ptr0 + (x0 + 1408*x1), tmp21, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/6n/c6ncw7a75h5w5olrtow5w4knb3u7ilcpvietgcy32mbm4tvkafxg.py
# Topologically Sorted Source Nodes: [convert_element_type_153], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_153 => convert_element_type_153
# Graph fragment:
#   %mm_33 : Tensor "bf16[1376, 512][512, 1]cuda:0" = PlaceHolder[target=mm_33]
#   %convert_element_type_153 : Tensor "f32[1376, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_33, torch.float32), kwargs = {})
#   return %convert_element_type_153
triton_poi_fused__to_copy_7 = async_compile.triton('triton_poi_fused__to_copy_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 7045120}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_7(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 704512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/34/c34ht56zdlfcabw6l2cbjzadryzqdq32pymcuq5iikjorlkdzhxo.py
# Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, hidden_states_29, mul_57, sum_7], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
# Source node to ATen node mapping:
#   add_36 => add_36
#   convert_element_type_152 => convert_element_type_152
#   convert_element_type_161 => convert_element_type_161
#   hidden_states_29 => mul_35
#   mul_57 => mul_57
#   sum_7 => sum_7
#   view_87 => view_87
#   view_89 => view_89
# Graph fragment:
#   %mm_34 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_34]
#   %mm_36 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_36]
#   %add_27 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_27]
#   %rsqrt_7 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_7]
#   %view_87 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_34, [8, 512, 512]), kwargs = {})
#   %convert_element_type_152 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_87, torch.float32), kwargs = {})
#   %view_89 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_36, [8, 512, 512]), kwargs = {})
#   %convert_element_type_161 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_89, torch.float32), kwargs = {})
#   %add_36 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_152, %convert_element_type_161), kwargs = {})
#   %mul_35 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_27, %rsqrt_7), kwargs = {})
#   %mul_57 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_36, %mul_35), kwargs = {})
#   %sum_7 : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_57, [0, 1], True), kwargs = {dtype: torch.float32})
#   return %buf21
triton_red_fused__to_copy_add_mul_sum_view_8 = async_compile.triton('triton_red_fused__to_copy_add_mul_sum_view_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_mul_sum_view_8', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16908288, 'r0_': 16384}}
)
@triton.jit
def triton_red_fused__to_copy_add_mul_sum_view_8(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 16384
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 512)
    x1 = xindex // 512
    _tmp10 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp5 = tl.load(in_ptr2 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp6 = tl.load(in_ptr3 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 + tmp3
        tmp7 = tmp5 * tmp6
        tmp8 = tmp4 * tmp7
        tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
        tmp11 = _tmp10 + tmp9
        _tmp10 = tl.where(r0_mask, tmp11, _tmp10)
    tmp10 = tl.sum(_tmp10, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp10, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/qq/cqql3oscobp5ghp4y2lld6mfhxpcjuctmagn32ys2d5tgnmnomlr.py
# Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, mul_56, mul_58, mul_59, sum_8, add_37, pow_12, mul_60, mul_61, expand_6, div_7, pow_13, mul_62, mul_63, add_38, convert_element_type_163, view_91], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
# Source node to ATen node mapping:
#   add_36 => add_36
#   add_37 => add_37
#   add_38 => add_38
#   convert_element_type_152 => convert_element_type_152
#   convert_element_type_161 => convert_element_type_161
#   convert_element_type_163 => convert_element_type_163
#   div_7 => div_7
#   expand_6 => expand_6
#   mul_56 => mul_56
#   mul_58 => mul_58
#   mul_59 => mul_59
#   mul_60 => mul_60
#   mul_61 => mul_61
#   mul_62 => mul_62
#   mul_63 => mul_63
#   pow_12 => pow_12
#   pow_13 => pow_13
#   sum_8 => sum_8
#   view_87 => view_87
#   view_89 => view_89
#   view_91 => view_91
# Graph fragment:
#   %mm_34 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_34]
#   %mm_36 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_36]
#   %primals_36 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_36]
#   %add_27 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_27]
#   %add_33 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_33]
#   %rsqrt_7 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_7]
#   %sum_8 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=sum_8]
#   %add_38 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_38]
#   %view_87 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_34, [8, 512, 512]), kwargs = {})
#   %convert_element_type_152 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_87, torch.float32), kwargs = {})
#   %view_89 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_36, [8, 512, 512]), kwargs = {})
#   %convert_element_type_161 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_89, torch.float32), kwargs = {})
#   %add_36 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_152, %convert_element_type_161), kwargs = {})
#   %mul_56 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_36, %primals_36), kwargs = {})
#   %mul_58 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_56, %add_27), kwargs = {})
#   %mul_59 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_56, %rsqrt_7), kwargs = {})
#   %sum_8 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_58, [2], True), kwargs = {dtype: torch.float32})
#   %add_37 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_33, %mul_59), kwargs = {})
#   %pow_12 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%rsqrt_7, 3), kwargs = {})
#   %mul_60 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%sum_8, -0.5), kwargs = {})
#   %mul_61 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_60, %pow_12), kwargs = {})
#   %expand_6 : Tensor "f32[8, 512, 512][512, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%mul_61, [8, 512, 512]), kwargs = {})
#   %div_7 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_6, 512), kwargs = {})
#   %pow_13 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_27, 1.0), kwargs = {})
#   %mul_62 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_13, 2.0), kwargs = {})
#   %mul_63 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_7, %mul_62), kwargs = {})
#   %add_38 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_37, %mul_63), kwargs = {})
#   %convert_element_type_163 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_38, torch.bfloat16), kwargs = {})
#   %view_91 : Tensor "bf16[4096, 512][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_163, [4096, 512]), kwargs = {})
#   return %sum_8,%add_38,%view_91
triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9 = async_compile.triton('triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 58722304}}
)
@triton.jit
def triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp5 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr3 + (r0_1 + 512*x0), None)
    tmp12 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), None)
    tmp13 = tl.load(in_ptr4 + (x0), None, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tmp1 + tmp3
    tmp6 = tmp4 * tmp5
    tmp8 = tmp6 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tmp14 = tmp6 * tmp13
    tmp15 = tmp12 + tmp14
    tmp16 = tl.full([1, 1], -0.5, tl.float32)
    tmp17 = tmp11 * tmp16
    tmp18 = tmp13 * tmp13
    tmp19 = tmp18 * tmp13
    tmp20 = tmp17 * tmp19
    tmp21 = tl.full([1, 1], 0.001953125, tl.float32)
    tmp22 = tmp20 * tmp21
    tmp23 = tl.full([1, 1], 2.0, tl.float32)
    tmp24 = tmp7 * tmp23
    tmp25 = tmp22 * tmp24
    tmp26 = tmp15 + tmp25
    tmp27 = tmp26.to(tl.float32)
    tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp26, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp27, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/xq/cxqrddruayvitiawlyfi7vdw7ynmvdoskdbi3vvnseji2ftl4cvz.py
# Topologically Sorted Source Nodes: [convert_element_type_168], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_168 => convert_element_type_168
# Graph fragment:
#   %mm_37 : Tensor "bf16[512, 512][512, 1]cuda:0" = PlaceHolder[target=mm_37]
#   %convert_element_type_168 : Tensor "f32[512, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_37, torch.float32), kwargs = {})
#   return %convert_element_type_168
triton_poi_fused__to_copy_10 = async_compile.triton('triton_poi_fused__to_copy_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 262144}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_10', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2621440}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_10(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 262144
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/r5/cr5xzov5c5ae2zosyg4jvxr35tuodjzuo6f47a25awtguqijwteq.py
# Topologically Sorted Source Nodes: [convert_element_type_170, slice_19, , freqs, emb, sin, sin_1, sin_3, mul_64, convert_element_type_173, slice_20, slice_21, neg_14, full_3, _generalized_scatter, _generalized_scatter_1, add_41, cos, cos_1, cos_3, mul_65, convert_element_type_174, add_42], Original ATen: [aten._to_copy, aten.add, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice, aten.neg, aten.slice_backward, aten.cos]
# Source node to ATen node mapping:
#    => unsqueeze_default
#   _generalized_scatter => slice_scatter_default
#   _generalized_scatter_1 => slice_scatter_default_1
#   add_41 => add_41
#   add_42 => add_42
#   convert_element_type_170 => convert_element_type_170
#   convert_element_type_173 => convert_element_type_173
#   convert_element_type_174 => convert_element_type_174
#   cos => cos
#   cos_1 => mul
#   cos_3 => unsqueeze_11
#   emb => clone, expand_4, unsqueeze_10, view_3
#   freqs => permute
#   full_3 => full_default_13
#   mul_64 => mul_64
#   mul_65 => mul_65
#   neg_14 => neg_14
#   sin => sin
#   sin_1 => mul_1
#   sin_3 => unsqueeze_12
#   slice_19 => add_39
#   slice_20 => slice_20
#   slice_21 => slice_21
# Graph fragment:
#   %tangents_8 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0" = PlaceHolder[target=tangents_8]
#   %getitem_37 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0" = PlaceHolder[target=getitem_37]
#   %mm_default : Tensor "f32[32, 512][512, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %convert_element_type_170 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%getitem_37, torch.float32), kwargs = {})
#   %add_39 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_8, %convert_element_type_170), kwargs = {})
#   %unsqueeze_default : Tensor "f32[1, 32, 512][16384, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mm_default, 0), kwargs = {})
#   %permute : Tensor "f32[1, 512, 32][16384, 1, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%unsqueeze_default, [0, 2, 1]), kwargs = {})
#   %unsqueeze_10 : Tensor "f32[1, 512, 1, 32][16384, 1, 16384, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%permute, 2), kwargs = {})
#   %expand_4 : Tensor "f32[1, 512, 2, 32][16384, 1, 0, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%unsqueeze_10, [1, 512, 2, 32]), kwargs = {})
#   %clone : Tensor "f32[1, 512, 2, 32][32768, 64, 32, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_4,), kwargs = {memory_format: torch.contiguous_format})
#   %view_3 : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone, [1, 512, 64]), kwargs = {})
#   %sin : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%view_3,), kwargs = {})
#   %mul_1 : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sin, 1.0), kwargs = {})
#   %unsqueeze_12 : Tensor "f32[1, 1, 512, 64][32768, 32768, 64, 1]cuda:0"[num_users=8] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mul_1, 1), kwargs = {})
#   %mul_64 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_39, %unsqueeze_12), kwargs = {})
#   %convert_element_type_173 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_64, torch.bfloat16), kwargs = {})
#   %slice_20 : Tensor "bf16[8, 8, 512, 32][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%convert_element_type_173, 3, 0, 32), kwargs = {})
#   %slice_21 : Tensor "bf16[8, 8, 512, 32][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%convert_element_type_173, 3, 32, 64), kwargs = {})
#   %neg_14 : Tensor "bf16[8, 8, 512, 32][131072, 16384, 32, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%slice_20,), kwargs = {})
#   %full_default_13 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=16] = call_function[target=torch.ops.aten.full.default](args = ([8, 8, 512, 64], 0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %slice_scatter_default : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice_scatter.default](args = (%full_default_13, %neg_14, 3, 32, 9223372036854775807), kwargs = {})
#   %slice_scatter_default_1 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice_scatter.default](args = (%full_default_13, %slice_21, 3, 0, 32), kwargs = {})
#   %add_41 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%slice_scatter_default, %slice_scatter_default_1), kwargs = {})
#   %cos : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%view_3,), kwargs = {})
#   %mul : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cos, 1.0), kwargs = {})
#   %unsqueeze_11 : Tensor "f32[1, 1, 512, 64][32768, 32768, 64, 1]cuda:0"[num_users=8] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mul, 1), kwargs = {})
#   %mul_65 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_39, %unsqueeze_11), kwargs = {})
#   %convert_element_type_174 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_65, torch.bfloat16), kwargs = {})
#   %add_42 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_41, %convert_element_type_174), kwargs = {})
#   return %add_42
triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11 = async_compile.triton('triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 9, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 46137344}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x4 = xindex
    x1 = ((xindex // 64) % 512)
    x2 = ((xindex // 32768) % 8)
    x3 = xindex // 262144
    tmp33 = tl.load(in_ptr0 + (x4), None)
    tmp34 = tl.load(in_ptr1 + (x0 + 64*x2 + 512*x1 + 262144*x3), None).to(tl.float32)
    tmp37 = tl.load(in_ptr2 + (x1 + 512*((x0 % 32))), None, eviction_policy='evict_last')
    tmp0 = x0
    tmp1 = tl.full([1], 32, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = tl.load(in_ptr0 + ((-32) + x4), tmp2, other=0.0)
    tmp4 = tl.load(in_ptr1 + ((-32) + x0 + 64*x2 + 512*x1 + 262144*x3), tmp2, other=0.0).to(tl.float32)
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp3 + tmp5
    tmp7 = tl.load(in_ptr2 + (x1 + 512*((x0 % 32))), tmp2, eviction_policy='evict_last', other=0.0)
    tmp8 = tl_math.sin(tmp7)
    tmp9 = tl.full([1], 1.0, tl.float32)
    tmp10 = tmp8 * tmp9
    tmp11 = tmp6 * tmp10
    tmp12 = tmp11.to(tl.float32)
    tmp13 = -tmp12
    tmp14 = tl.full(tmp13.shape, 0.0, tmp13.dtype)
    tmp15 = tl.where(tmp2, tmp13, tmp14)
    tmp16 = tl.full([1], 0.0, tl.float32)
    tmp17 = tl.where(tmp2, tmp15, tmp16)
    tmp18 = tmp0 < tmp1
    tmp19 = tl.load(in_ptr0 + (32 + x4), tmp18, other=0.0)
    tmp20 = tl.load(in_ptr1 + (32 + x0 + 64*x2 + 512*x1 + 262144*x3), tmp18, other=0.0).to(tl.float32)
    tmp21 = tmp20.to(tl.float32)
    tmp22 = tmp19 + tmp21
    tmp23 = tl.load(in_ptr2 + (x1 + 512*((x0 % 32))), tmp18, eviction_policy='evict_last', other=0.0)
    tmp24 = tl_math.sin(tmp23)
    tmp25 = tl.full([1], 1.0, tl.float32)
    tmp26 = tmp24 * tmp25
    tmp27 = tmp22 * tmp26
    tmp28 = tmp27.to(tl.float32)
    tmp29 = tl.full(tmp28.shape, 0.0, tmp28.dtype)
    tmp30 = tl.where(tmp18, tmp28, tmp29)
    tmp31 = tl.where(tmp18, tmp30, tmp16)
    tmp32 = tmp17 + tmp31
    tmp35 = tmp34.to(tl.float32)
    tmp36 = tmp33 + tmp35
    tmp38 = tl_math.cos(tmp37)
    tmp39 = tl.full([1], 1.0, tl.float32)
    tmp40 = tmp38 * tmp39
    tmp41 = tmp36 * tmp40
    tmp42 = tmp41.to(tl.float32)
    tmp43 = tmp32 + tmp42
    tl.store(out_ptr0 + (x4), tmp43, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/wx/cwx7i7i4futwepluctxmobl6gukuibfrqdaqlwqaw5rqhklgnlna.py
# Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
# Source node to ATen node mapping:
#   clone_7 => clone_7
#   convert_element_type_171 => convert_element_type_171
#   convert_element_type_172 => convert_element_type_172
#   permute_67 => permute_67
#   slice_18 => add_40
# Graph fragment:
#   %tangents_7 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0" = PlaceHolder[target=tangents_7]
#   %getitem_38 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0" = PlaceHolder[target=getitem_38]
#   %convert_element_type_171 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%getitem_38, torch.float32), kwargs = {})
#   %add_40 : Tensor "f32[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_7, %convert_element_type_171), kwargs = {})
#   %convert_element_type_172 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_40, torch.bfloat16), kwargs = {})
#   %permute_67 : Tensor "bf16[8, 512, 8, 64][262144, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_172, [0, 2, 1, 3]), kwargs = {})
#   %clone_7 : Tensor "bf16[8, 512, 8, 64][262144, 512, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_67,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_7
triton_poi_fused__to_copy_add_clone_transpose_12 = async_compile.triton('triton_poi_fused__to_copy_add_clone_transpose_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_clone_transpose_12', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 20971520}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_clone_transpose_12(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x1 = ((xindex // 64) % 8)
    x2 = ((xindex // 512) % 512)
    x3 = xindex // 262144
    x4 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*x2 + 32768*x1 + 262144*x3), None)
    tmp1 = tl.load(in_out_ptr0 + (x4), None).to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp4 = tmp3.to(tl.float32)
    tl.store(in_out_ptr0 + (x4), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/hr/chrvcdlzlssvie53lj374dblor3ftzovueza37a752ibdhmmyvxe.py
# Topologically Sorted Source Nodes: [permute_72, clone_8, view_97, view_98], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
# Source node to ATen node mapping:
#   clone_8 => clone_8
#   permute_72 => permute_72
#   view_97 => view_97
#   view_98 => view_98
# Graph fragment:
#   %add_42 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0" = PlaceHolder[target=add_42]
#   %permute_72 : Tensor "bf16[8, 512, 8, 64][262144, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_42, [0, 2, 1, 3]), kwargs = {})
#   %clone_8 : Tensor "bf16[8, 512, 8, 64][262144, 512, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_72,), kwargs = {memory_format: torch.contiguous_format})
#   %view_97 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_8, [8, 512, 512]), kwargs = {})
#   %view_98 : Tensor "bf16[4096, 512][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%view_97, [4096, 512]), kwargs = {})
#   return %view_98
triton_poi_fused__unsafe_view_clone_transpose_view_13 = async_compile.triton('triton_poi_fused__unsafe_view_clone_transpose_view_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_clone_transpose_view_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12582912}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__unsafe_view_clone_transpose_view_13(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 512)
    x1 = xindex // 512
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (64*((x1 % 512)) + 32768*(x0 // 64) + 262144*(x1 // 512) + ((x0 % 64))), None).to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4c/c4coogb4tcettb2sukwtjvodtdgv2ohamxsebo2bvptp5ts66wvr.py
# Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone]
# Source node to ATen node mapping:
#    => unsqueeze_default
#   _generalized_scatter_2 => slice_scatter_default_2
#   _generalized_scatter_3 => slice_scatter_default_3
#   add_43 => add_43
#   add_44 => add_44
#   clone_9 => clone_9
#   convert_element_type_169 => convert_element_type_169
#   convert_element_type_175 => convert_element_type_175
#   convert_element_type_176 => convert_element_type_176
#   cos => cos
#   cos_1 => mul
#   cos_3 => unsqueeze_11
#   emb => clone, expand_4, unsqueeze_10, view_3
#   freqs => permute
#   full_3 => full_default_13
#   mul_66 => mul_66
#   mul_67 => mul_67
#   neg_15 => neg_15
#   permute_77 => permute_77
#   sin => sin
#   sin_1 => mul_1
#   sin_3 => unsqueeze_12
#   slice_22 => slice_22
#   slice_23 => slice_23
# Graph fragment:
#   %getitem_36 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0" = PlaceHolder[target=getitem_36]
#   %mm_default : Tensor "f32[32, 512][512, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %convert_element_type_169 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%getitem_36, torch.float32), kwargs = {})
#   %unsqueeze_default : Tensor "f32[1, 32, 512][16384, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mm_default, 0), kwargs = {})
#   %permute : Tensor "f32[1, 512, 32][16384, 1, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%unsqueeze_default, [0, 2, 1]), kwargs = {})
#   %unsqueeze_10 : Tensor "f32[1, 512, 1, 32][16384, 1, 16384, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%permute, 2), kwargs = {})
#   %expand_4 : Tensor "f32[1, 512, 2, 32][16384, 1, 0, 512]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%unsqueeze_10, [1, 512, 2, 32]), kwargs = {})
#   %clone : Tensor "f32[1, 512, 2, 32][32768, 64, 32, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_4,), kwargs = {memory_format: torch.contiguous_format})
#   %view_3 : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone, [1, 512, 64]), kwargs = {})
#   %sin : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%view_3,), kwargs = {})
#   %mul_1 : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sin, 1.0), kwargs = {})
#   %unsqueeze_12 : Tensor "f32[1, 1, 512, 64][32768, 32768, 64, 1]cuda:0"[num_users=8] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mul_1, 1), kwargs = {})
#   %full_default_13 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=16] = call_function[target=torch.ops.aten.full.default](args = ([8, 8, 512, 64], 0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %cos : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%view_3,), kwargs = {})
#   %mul : Tensor "f32[1, 512, 64][32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cos, 1.0), kwargs = {})
#   %unsqueeze_11 : Tensor "f32[1, 1, 512, 64][32768, 32768, 64, 1]cuda:0"[num_users=8] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%mul, 1), kwargs = {})
#   %mul_66 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_169, %unsqueeze_12), kwargs = {})
#   %convert_element_type_175 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_66, torch.bfloat16), kwargs = {})
#   %slice_22 : Tensor "bf16[8, 8, 512, 32][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%convert_element_type_175, 3, 0, 32), kwargs = {})
#   %slice_23 : Tensor "bf16[8, 8, 512, 32][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%convert_element_type_175, 3, 32, 64), kwargs = {})
#   %neg_15 : Tensor "bf16[8, 8, 512, 32][131072, 32, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%slice_22,), kwargs = {})
#   %slice_scatter_default_2 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice_scatter.default](args = (%full_default_13, %neg_15, 3, 32, 9223372036854775807), kwargs = {})
#   %slice_scatter_default_3 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice_scatter.default](args = (%full_default_13, %slice_23, 3, 0, 32), kwargs = {})
#   %add_43 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%slice_scatter_default_2, %slice_scatter_default_3), kwargs = {})
#   %mul_67 : Tensor "f32[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_169, %unsqueeze_11), kwargs = {})
#   %convert_element_type_176 : Tensor "bf16[8, 8, 512, 64][262144, 64, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_67, torch.bfloat16), kwargs = {})
#   %add_44 : Tensor "bf16[8, 8, 512, 64][262144, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_43, %convert_element_type_176), kwargs = {})
#   %permute_77 : Tensor "bf16[8, 512, 8, 64][262144, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_44, [0, 2, 1, 3]), kwargs = {})
#   %clone_9 : Tensor "bf16[8, 512, 8, 64][262144, 512, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_77,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_9
triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14 = async_compile.triton('triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 6, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 20971520}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2097152
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x4 = xindex
    x2 = ((xindex // 512) % 512)
    tmp29 = tl.load(in_ptr0 + (x4), None).to(tl.float32)
    tmp31 = tl.load(in_ptr1 + (x2 + 512*((x0 % 32))), None, eviction_policy='evict_last')
    tmp0 = x0
    tmp1 = tl.full([1], 32, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = tl.load(in_ptr0 + ((-32) + x4), tmp2, other=0.0).to(tl.float32)
    tmp4 = tmp3.to(tl.float32)
    tmp5 = tl.load(in_ptr1 + (x2 + 512*((x0 % 32))), tmp2, eviction_policy='evict_last', other=0.0)
    tmp6 = tl_math.sin(tmp5)
    tmp7 = tl.full([1], 1.0, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp4 * tmp8
    tmp10 = tmp9.to(tl.float32)
    tmp11 = -tmp10
    tmp12 = tl.full(tmp11.shape, 0.0, tmp11.dtype)
    tmp13 = tl.where(tmp2, tmp11, tmp12)
    tmp14 = tl.full([1], 0.0, tl.float32)
    tmp15 = tl.where(tmp2, tmp13, tmp14)
    tmp16 = tmp0 < tmp1
    tmp17 = tl.load(in_ptr0 + (32 + x4), tmp16, other=0.0).to(tl.float32)
    tmp18 = tmp17.to(tl.float32)
    tmp19 = tl.load(in_ptr1 + (x2 + 512*((x0 % 32))), tmp16, eviction_policy='evict_last', other=0.0)
    tmp20 = tl_math.sin(tmp19)
    tmp21 = tl.full([1], 1.0, tl.float32)
    tmp22 = tmp20 * tmp21
    tmp23 = tmp18 * tmp22
    tmp24 = tmp23.to(tl.float32)
    tmp25 = tl.full(tmp24.shape, 0.0, tmp24.dtype)
    tmp26 = tl.where(tmp16, tmp24, tmp25)
    tmp27 = tl.where(tmp16, tmp26, tmp14)
    tmp28 = tmp15 + tmp27
    tmp30 = tmp29.to(tl.float32)
    tmp32 = tl_math.cos(tmp31)
    tmp33 = tl.full([1], 1.0, tl.float32)
    tmp34 = tmp32 * tmp33
    tmp35 = tmp30 * tmp34
    tmp36 = tmp35.to(tl.float32)
    tmp37 = tmp28 + tmp36
    tl.store(out_ptr0 + (x4), tmp37, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/qr/cqrufuyk57pi743fxo2skukgodwcb77b2jrk4qmvk3niq54htbtl.py
# Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, hidden_states_25, mul_69, sum_9], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
# Source node to ATen node mapping:
#   add_45 => add_45
#   add_46 => add_46
#   convert_element_type_181 => convert_element_type_181
#   convert_element_type_187 => convert_element_type_187
#   convert_element_type_193 => convert_element_type_193
#   hidden_states_25 => mul_29
#   mul_69 => mul_69
#   sum_9 => sum_9
#   view_102 => view_102
#   view_96 => view_96
#   view_99 => view_99
# Graph fragment:
#   %mm_40 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_40]
#   %mm_42 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_42]
#   %mm_44 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_44]
#   %add_23 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_23]
#   %rsqrt_6 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_6]
#   %view_96 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_40, [8, 512, 512]), kwargs = {})
#   %convert_element_type_181 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_96, torch.float32), kwargs = {})
#   %view_99 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_42, [8, 512, 512]), kwargs = {})
#   %convert_element_type_187 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_99, torch.float32), kwargs = {})
#   %add_45 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_181, %convert_element_type_187), kwargs = {})
#   %view_102 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_44, [8, 512, 512]), kwargs = {})
#   %convert_element_type_193 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_102, torch.float32), kwargs = {})
#   %add_46 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_45, %convert_element_type_193), kwargs = {})
#   %mul_29 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_23, %rsqrt_6), kwargs = {})
#   %mul_69 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_46, %mul_29), kwargs = {})
#   %sum_9 : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_69, [0, 1], True), kwargs = {dtype: torch.float32})
#   return %buf46
triton_red_fused__to_copy_add_mul_sum_view_15 = async_compile.triton('triton_red_fused__to_copy_add_mul_sum_view_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_mul_sum_view_15', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 21102592, 'r0_': 16384}}
)
@triton.jit
def triton_red_fused__to_copy_add_mul_sum_view_15(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 16384
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 512)
    x1 = xindex // 512
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp5 = tl.load(in_ptr2 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp8 = tl.load(in_ptr3 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp9 = tl.load(in_ptr4 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 + tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tmp4 + tmp6
        tmp10 = tmp8 * tmp9
        tmp11 = tmp7 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask, tmp14, _tmp13)
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp13, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/es/cesp46jipweb4thy7k7qi52hwnkabq4gofn3c6dz7q7cy3ttzupd.py
# Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, mul_68, mul_70, mul_71, sum_10, add_47, pow_14, mul_72, mul_73, expand_7, div_8, pow_15, mul_74, mul_75, add_48, convert_element_type_195, view_104], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
# Source node to ATen node mapping:
#   add_45 => add_45
#   add_46 => add_46
#   add_47 => add_47
#   add_48 => add_48
#   convert_element_type_181 => convert_element_type_181
#   convert_element_type_187 => convert_element_type_187
#   convert_element_type_193 => convert_element_type_193
#   convert_element_type_195 => convert_element_type_195
#   div_8 => div_8
#   expand_7 => expand_7
#   mul_68 => mul_68
#   mul_70 => mul_70
#   mul_71 => mul_71
#   mul_72 => mul_72
#   mul_73 => mul_73
#   mul_74 => mul_74
#   mul_75 => mul_75
#   pow_14 => pow_14
#   pow_15 => pow_15
#   sum_10 => sum_10
#   view_102 => view_102
#   view_104 => view_104
#   view_96 => view_96
#   view_99 => view_99
# Graph fragment:
#   %mm_40 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_40]
#   %mm_42 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_42]
#   %mm_44 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_44]
#   %primals_31 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_31]
#   %add_23 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_23]
#   %add_38 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_38]
#   %rsqrt_6 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_6]
#   %sum_10 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=sum_10]
#   %add_48 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_48]
#   %view_96 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_40, [8, 512, 512]), kwargs = {})
#   %convert_element_type_181 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_96, torch.float32), kwargs = {})
#   %view_99 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_42, [8, 512, 512]), kwargs = {})
#   %convert_element_type_187 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_99, torch.float32), kwargs = {})
#   %add_45 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_181, %convert_element_type_187), kwargs = {})
#   %view_102 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_44, [8, 512, 512]), kwargs = {})
#   %convert_element_type_193 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_102, torch.float32), kwargs = {})
#   %add_46 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_45, %convert_element_type_193), kwargs = {})
#   %mul_68 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_46, %primals_31), kwargs = {})
#   %mul_70 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_68, %add_23), kwargs = {})
#   %mul_71 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_68, %rsqrt_6), kwargs = {})
#   %sum_10 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_70, [2], True), kwargs = {dtype: torch.float32})
#   %add_47 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_38, %mul_71), kwargs = {})
#   %pow_14 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%rsqrt_6, 3), kwargs = {})
#   %mul_72 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%sum_10, -0.5), kwargs = {})
#   %mul_73 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_72, %pow_14), kwargs = {})
#   %expand_7 : Tensor "f32[8, 512, 512][512, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%mul_73, [8, 512, 512]), kwargs = {})
#   %div_8 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_7, 512), kwargs = {})
#   %pow_15 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_23, 1.0), kwargs = {})
#   %mul_74 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_15, 2.0), kwargs = {})
#   %mul_75 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_8, %mul_74), kwargs = {})
#   %add_48 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_47, %mul_75), kwargs = {})
#   %convert_element_type_195 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_48, torch.bfloat16), kwargs = {})
#   %view_104 : Tensor "bf16[4096, 512][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_195, [4096, 512]), kwargs = {})
#   return %sum_10,%add_48,%view_104
triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16 = async_compile.triton('triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 62916608}}
)
@triton.jit
def triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp5 = tl.load(in_ptr2 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp8 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
    tmp10 = tl.load(in_ptr4 + (r0_1 + 512*x0), None)
    tmp15 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), None)
    tmp16 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tmp1 + tmp3
    tmp6 = tmp5.to(tl.float32)
    tmp7 = tmp4 + tmp6
    tmp9 = tmp7 * tmp8
    tmp11 = tmp9 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp17 = tmp9 * tmp16
    tmp18 = tmp15 + tmp17
    tmp19 = tl.full([1, 1], -0.5, tl.float32)
    tmp20 = tmp14 * tmp19
    tmp21 = tmp16 * tmp16
    tmp22 = tmp21 * tmp16
    tmp23 = tmp20 * tmp22
    tmp24 = tl.full([1, 1], 0.001953125, tl.float32)
    tmp25 = tmp23 * tmp24
    tmp26 = tl.full([1, 1], 2.0, tl.float32)
    tmp27 = tmp10 * tmp26
    tmp28 = tmp25 * tmp27
    tmp29 = tmp18 + tmp28
    tmp30 = tmp29.to(tl.float32)
    tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp29, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp30, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/2p/c2pgabi4tzfggxvzdidaupxigcqyzdxh7vp4mfbze7c5wmabsong.py
# Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, mul_134, attn_output_3, hidden_states_3, mul_136, mul_137, sum_20, add_82, pow_24, mul_138, mul_139, expand_12, div_13, pow_25, mul_140, mul_141, add_83, convert_element_type_322, view_151], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten._unsafe_view, aten.sum, aten.pow, aten.expand, aten.div]
# Source node to ATen node mapping:
#   add_81 => add_81
#   add_82 => add_82
#   add_83 => add_83
#   attn_output_3 => view_15
#   convert_element_type_311 => convert_element_type_311
#   convert_element_type_320 => convert_element_type_320
#   convert_element_type_322 => convert_element_type_322
#   div_13 => div_13
#   expand_12 => expand_12
#   hidden_states_3 => add_6
#   mul_134 => mul_134
#   mul_136 => mul_136
#   mul_137 => mul_137
#   mul_138 => mul_138
#   mul_139 => mul_139
#   mul_140 => mul_140
#   mul_141 => mul_141
#   pow_24 => pow_24
#   pow_25 => pow_25
#   sum_20 => sum_20
#   view_147 => view_147
#   view_149 => view_149
#   view_151 => view_151
# Graph fragment:
#   %mm_76 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_76]
#   %mm_78 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_78]
#   %primals_9 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_9]
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=embedding]
#   %mm_3 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %add_78 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_78]
#   %rsqrt_1 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_1]
#   %sum_20 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=sum_20]
#   %add_83 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_83]
#   %view_147 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_76, [8, 512, 512]), kwargs = {})
#   %convert_element_type_311 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_147, torch.float32), kwargs = {})
#   %view_149 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_78, [8, 512, 512]), kwargs = {})
#   %convert_element_type_320 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_149, torch.float32), kwargs = {})
#   %add_81 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_311, %convert_element_type_320), kwargs = {})
#   %mul_134 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_81, %primals_9), kwargs = {})
#   %view_15 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 512, 512]), kwargs = {})
#   %add_6 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %view_15), kwargs = {})
#   %mul_136 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_134, %add_6), kwargs = {})
#   %mul_137 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_134, %rsqrt_1), kwargs = {})
#   %sum_20 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_136, [2], True), kwargs = {dtype: torch.float32})
#   %add_82 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_78, %mul_137), kwargs = {})
#   %pow_24 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%rsqrt_1, 3), kwargs = {})
#   %mul_138 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%sum_20, -0.5), kwargs = {})
#   %mul_139 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_138, %pow_24), kwargs = {})
#   %expand_12 : Tensor "f32[8, 512, 512][512, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%mul_139, [8, 512, 512]), kwargs = {})
#   %div_13 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_12, 512), kwargs = {})
#   %pow_25 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%add_6, 1.0), kwargs = {})
#   %mul_140 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_25, 2.0), kwargs = {})
#   %mul_141 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_13, %mul_140), kwargs = {})
#   %add_83 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_82, %mul_141), kwargs = {})
#   %convert_element_type_322 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_83, torch.bfloat16), kwargs = {})
#   %view_151 : Tensor "bf16[4096, 512][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_322, [4096, 512]), kwargs = {})
#   return %sum_20,%add_83,%view_151
triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17 = async_compile.triton('triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*bf16', 'in_ptr5': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 62916608}}
)
@triton.jit
def triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp5 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr3 + (r0_1 + 512*x0), None)
    tmp8 = tl.load(in_ptr4 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp15 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), None)
    tmp16 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tmp1 + tmp3
    tmp6 = tmp4 * tmp5
    tmp9 = tmp8.to(tl.float32)
    tmp10 = tmp7 + tmp9
    tmp11 = tmp6 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp17 = tmp6 * tmp16
    tmp18 = tmp15 + tmp17
    tmp19 = tl.full([1, 1], -0.5, tl.float32)
    tmp20 = tmp14 * tmp19
    tmp21 = tmp16 * tmp16
    tmp22 = tmp21 * tmp16
    tmp23 = tmp20 * tmp22
    tmp24 = tl.full([1, 1], 0.001953125, tl.float32)
    tmp25 = tmp23 * tmp24
    tmp26 = tl.full([1, 1], 2.0, tl.float32)
    tmp27 = tmp10 * tmp26
    tmp28 = tmp25 * tmp27
    tmp29 = tmp18 + tmp28
    tmp30 = tmp29.to(tl.float32)
    tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp29, None)
    tl.store(out_ptr1 + (r0_1 + 512*x0), tmp30, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/we/cwesjdlna5eo2wzv2bsvfjxaesywen3cm7bs4a5oapwgmtn6un3c.py
# Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, attn_output_3, hidden_states_3, hidden_states_5, mul_135, sum_19, view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, hidden_states_1, mul_147, sum_21], Original ATen: [aten.view, aten._to_copy, aten.add, aten._unsafe_view, aten.mul, aten.sum]
# Source node to ATen node mapping:
#   add_81 => add_81
#   add_90 => add_90
#   add_91 => add_91
#   attn_output_3 => view_15
#   convert_element_type_311 => convert_element_type_311
#   convert_element_type_320 => convert_element_type_320
#   convert_element_type_340 => convert_element_type_340
#   convert_element_type_346 => convert_element_type_346
#   convert_element_type_352 => convert_element_type_352
#   hidden_states_1 => mul_2
#   hidden_states_3 => add_6
#   hidden_states_5 => mul_8
#   mul_135 => mul_135
#   mul_147 => mul_147
#   sum_19 => sum_19
#   sum_21 => sum_21
#   view_147 => view_147
#   view_149 => view_149
#   view_156 => view_156
#   view_159 => view_159
#   view_162 => view_162
# Graph fragment:
#   %mm_76 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_76]
#   %mm_78 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_78]
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=embedding]
#   %mm_3 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %rsqrt_1 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_1]
#   %mm_82 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_82]
#   %mm_84 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_84]
#   %mm_86 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_86]
#   %rsqrt : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %view_147 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_76, [8, 512, 512]), kwargs = {})
#   %convert_element_type_311 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_147, torch.float32), kwargs = {})
#   %view_149 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_78, [8, 512, 512]), kwargs = {})
#   %convert_element_type_320 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_149, torch.float32), kwargs = {})
#   %add_81 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_311, %convert_element_type_320), kwargs = {})
#   %view_15 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [8, 512, 512]), kwargs = {})
#   %add_6 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %view_15), kwargs = {})
#   %mul_8 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_6, %rsqrt_1), kwargs = {})
#   %mul_135 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_81, %mul_8), kwargs = {})
#   %sum_19 : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_135, [0, 1], True), kwargs = {dtype: torch.float32})
#   %view_156 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_82, [8, 512, 512]), kwargs = {})
#   %convert_element_type_340 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_156, torch.float32), kwargs = {})
#   %view_159 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_84, [8, 512, 512]), kwargs = {})
#   %convert_element_type_346 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_159, torch.float32), kwargs = {})
#   %add_90 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_340, %convert_element_type_346), kwargs = {})
#   %view_162 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_86, [8, 512, 512]), kwargs = {})
#   %convert_element_type_352 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_162, torch.float32), kwargs = {})
#   %add_91 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_90, %convert_element_type_352), kwargs = {})
#   %mul_2 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%embedding, %rsqrt), kwargs = {})
#   %mul_147 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_91, %mul_2), kwargs = {})
#   %sum_21 : Tensor "f32[1, 1, 512][512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_147, [0, 1], True), kwargs = {dtype: torch.float32})
#   return %buf144,%buf169
triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18 = async_compile.triton('triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*bf16', 'in_ptr4': '*fp32', 'in_ptr5': '*bf16', 'in_ptr6': '*bf16', 'in_ptr7': '*bf16', 'in_ptr8': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 9, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 33816576, 'r0_': 32768}}
)
@triton.jit
def triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 16384
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 512)
    x1 = xindex // 512
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp27 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp5 = tl.load(in_ptr2 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp6 = tl.load(in_ptr3 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp9 = tl.load(in_ptr4 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp15 = tl.load(in_ptr5 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp17 = tl.load(in_ptr6 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp20 = tl.load(in_ptr7 + (x0 + 512*r0_2 + 65536*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp23 = tl.load(in_ptr8 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 + tmp3
        tmp7 = tmp6.to(tl.float32)
        tmp8 = tmp5 + tmp7
        tmp10 = tmp8 * tmp9
        tmp11 = tmp4 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask, tmp14, _tmp13)
        tmp16 = tmp15.to(tl.float32)
        tmp18 = tmp17.to(tl.float32)
        tmp19 = tmp16 + tmp18
        tmp21 = tmp20.to(tl.float32)
        tmp22 = tmp19 + tmp21
        tmp24 = tmp5 * tmp23
        tmp25 = tmp22 * tmp24
        tmp26 = tl.broadcast_to(tmp25, [XBLOCK, R0_BLOCK])
        tmp28 = _tmp27 + tmp26
        _tmp27 = tl.where(r0_mask, tmp28, _tmp27)
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    tmp27 = tl.sum(_tmp27, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp13, None)
    tl.store(out_ptr1 + (x3), tmp27, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/md/cmdq2rwi3xtyqn63rniziss5vankbr7de3relvnoqkgaokxe52th.py
# Topologically Sorted Source Nodes: [full_25], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_25 => full_default_30
# Graph fragment:
#   %full_default_30 : Tensor "f32[32000, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([32000, 512], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put
triton_poi_fused_embedding_dense_backward_19 = async_compile.triton('triton_poi_fused_embedding_dense_backward_19', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16777216}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_19', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 131072000}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_19(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 16384000
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/3p/c3p7m4ucjecm7cefl37bukuvd7ztwews4u6haaj6n7z6hgsxvogi.py
# Topologically Sorted Source Nodes: [loss, view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, mul_146, mul_148, mul_149, sum_22, add_92, pow_26, mul_150, mul_151, expand_13, div_14, pow_27, mul_152, mul_153, add_93, eq, unsqueeze_21, where_8, full_25, index_put], Original ATen: [aten.nll_loss_forward, aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   add_90 => add_90
#   add_91 => add_91
#   add_92 => add_92
#   add_93 => add_93
#   convert_element_type_340 => convert_element_type_340
#   convert_element_type_346 => convert_element_type_346
#   convert_element_type_352 => convert_element_type_352
#   div_14 => div_14
#   eq => eq
#   expand_13 => expand_13
#   full_25 => full_default_30
#   index_put => index_put
#   loss => full_default_9
#   mul_146 => mul_146
#   mul_148 => mul_148
#   mul_149 => mul_149
#   mul_150 => mul_150
#   mul_151 => mul_151
#   mul_152 => mul_152
#   mul_153 => mul_153
#   pow_26 => pow_26
#   pow_27 => pow_27
#   sum_22 => sum_22
#   unsqueeze_21 => unsqueeze_21
#   view_156 => view_156
#   view_159 => view_159
#   view_162 => view_162
#   where_8 => where_8
# Graph fragment:
#   %mm_82 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_82]
#   %mm_84 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_84]
#   %mm_86 : Tensor "bf16[4096, 512][512, 1]cuda:0" = PlaceHolder[target=mm_86]
#   %primals_4 : Tensor "f32[512][1]cuda:0" = PlaceHolder[target=primals_4]
#   %embedding : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=embedding]
#   %primals_1 : Tensor "i64[8, 512][512, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %add_83 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=add_83]
#   %rsqrt : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %sum_22 : Tensor "f32[8, 512, 1][512, 1, 4096]cuda:0" = PlaceHolder[target=sum_22]
#   %where_8 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0" = PlaceHolder[target=where_8]
#   %index_put : Tensor "f32[32000, 512][512, 1]cuda:0" = PlaceHolder[target=index_put]
#   %full_default_9 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %view_156 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_82, [8, 512, 512]), kwargs = {})
#   %convert_element_type_340 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_156, torch.float32), kwargs = {})
#   %view_159 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_84, [8, 512, 512]), kwargs = {})
#   %convert_element_type_346 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_159, torch.float32), kwargs = {})
#   %add_90 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_340, %convert_element_type_346), kwargs = {})
#   %view_162 : Tensor "bf16[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_86, [8, 512, 512]), kwargs = {})
#   %convert_element_type_352 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_162, torch.float32), kwargs = {})
#   %add_91 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_90, %convert_element_type_352), kwargs = {})
#   %mul_146 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_91, %primals_4), kwargs = {})
#   %mul_148 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_146, %embedding), kwargs = {})
#   %mul_149 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_146, %rsqrt), kwargs = {})
#   %sum_22 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_148, [2], True), kwargs = {dtype: torch.float32})
#   %add_92 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_83, %mul_149), kwargs = {})
#   %pow_26 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%rsqrt, 3), kwargs = {})
#   %mul_150 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%sum_22, -0.5), kwargs = {})
#   %mul_151 : Tensor "f32[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_150, %pow_26), kwargs = {})
#   %expand_13 : Tensor "f32[8, 512, 512][512, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%mul_151, [8, 512, 512]), kwargs = {})
#   %div_14 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_13, 512), kwargs = {})
#   %pow_27 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%embedding, 1.0), kwargs = {})
#   %mul_152 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_27, 2.0), kwargs = {})
#   %mul_153 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_14, %mul_152), kwargs = {})
#   %add_93 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_92, %mul_153), kwargs = {})
#   %eq : Tensor "b8[8, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%primals_1, -1), kwargs = {})
#   %unsqueeze_21 : Tensor "b8[8, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq, -1), kwargs = {})
#   %where_8 : Tensor "f32[8, 512, 512][262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_21, %full_default_9, %add_93), kwargs = {})
#   %full_default_30 : Tensor "f32[32000, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([32000, 512], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put : Tensor "f32[32000, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_30, [%primals_1], %where_8, True), kwargs = {})
#   return %sum_22,%where_8,%buf174
triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20 = async_compile.triton('triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*i64', 'in_ptr6': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20', 'mutated_arg_names': ['in_out_ptr0', 'out_ptr1'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 8, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 49152, 'r0_': 29362176}}
)
@triton.jit
def triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp5 = tl.load(in_ptr2 + (r0_1 + 512*x0), None).to(tl.float32)
    tmp8 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
    tmp10 = tl.load(in_ptr4 + (r0_1 + 512*x0), None)
    tmp15 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last')
    tmp18 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), None)
    tmp19 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tmp1 + tmp3
    tmp6 = tmp5.to(tl.float32)
    tmp7 = tmp4 + tmp6
    tmp9 = tmp7 * tmp8
    tmp11 = tmp9 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], -1, tl.int64)
    tmp17 = tmp15 == tmp16
    tmp20 = tmp9 * tmp19
    tmp21 = tmp18 + tmp20
    tmp22 = tl.full([1, 1], -0.5, tl.float32)
    tmp23 = tmp14 * tmp22
    tmp24 = tmp19 * tmp19
    tmp25 = tmp24 * tmp19
    tmp26 = tmp23 * tmp25
    tmp27 = tl.full([1, 1], 0.001953125, tl.float32)
    tmp28 = tmp26 * tmp27
    tmp29 = tl.full([1, 1], 2.0, tl.float32)
    tmp30 = tmp10 * tmp29
    tmp31 = tmp28 * tmp30
    tmp32 = tmp21 + tmp31
    tmp33 = tl.full([1, 1], 0.0, tl.float32)
    tmp34 = tl.where(tmp17, tmp33, tmp32)
    tmp35 = tl.full([1, 1], 32000, tl.int32)
    tmp36 = tmp15 + tmp35
    tmp37 = tmp15 < 0
    tmp38 = tl.where(tmp37, tmp36, tmp15)
    tl.device_assert((0 <= tmp38) & (tmp38 < 32000), "index out of bounds: 0 <= tmp38 < 32000")
    tl.atomic_add(out_ptr1 + (tl.broadcast_to(r0_1 + 512*tmp38, [XBLOCK, R0_BLOCK])), tmp34, None, sem='relaxed')
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
        primals_1, primals_4, primals_9, primals_13, primals_18, primals_22, primals_27, primals_31, primals_36, primals_40, embedding, mm_default, rsqrt, view_4, convert_element_type_14, convert_element_type_15, convert_element_type_16, where, getitem, getitem_1, getitem_6, getitem_7, mm_3, rsqrt_1, view_16, mm_4, mm_5, view_20, add_9, rsqrt_2, view_22, convert_element_type_46, convert_element_type_47, convert_element_type_48, getitem_9, getitem_10, getitem_15, getitem_16, add_13, rsqrt_3, view_34, mm_11, mm_12, view_38, add_16, rsqrt_4, view_40, convert_element_type_78, convert_element_type_79, convert_element_type_80, getitem_18, getitem_19, getitem_24, getitem_25, add_20, rsqrt_5, view_52, mm_18, mm_19, view_56, add_23, rsqrt_6, view_58, convert_element_type_110, convert_element_type_111, convert_element_type_112, getitem_27, getitem_28, getitem_33, getitem_34, add_27, rsqrt_7, view_70, mm_25, mm_26, view_74, add_30, rsqrt_8, view_76, view_77, constant_pad_nd, amax, log, convert_element_type_134, permute_48, permute_52, permute_56, permute_60, permute_64, permute_70, permute_75, permute_80, permute_84, permute_88, permute_92, permute_96, permute_102, permute_107, permute_112, permute_116, permute_120, permute_124, permute_128, permute_134, permute_139, permute_144, permute_148, permute_152, permute_156, permute_160, permute_166, permute_171, permute_176, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6, tangents_7, tangents_8, tangents_9, tangents_10 = args
        args.clear()
        assert_size_stride(primals_1, (8, 512), (512, 1))
        assert_size_stride(primals_4, (512, ), (1, ))
        assert_size_stride(primals_9, (512, ), (1, ))
        assert_size_stride(primals_13, (512, ), (1, ))
        assert_size_stride(primals_18, (512, ), (1, ))
        assert_size_stride(primals_22, (512, ), (1, ))
        assert_size_stride(primals_27, (512, ), (1, ))
        assert_size_stride(primals_31, (512, ), (1, ))
        assert_size_stride(primals_36, (512, ), (1, ))
        assert_size_stride(primals_40, (512, ), (1, ))
        assert_size_stride(embedding, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(mm_default, (32, 512), (512, 1))
        assert_size_stride(rsqrt, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_4, (4096, 512), (512, 1))
        assert_size_stride(convert_element_type_14, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_15, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_16, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(where, (8, 1, 512, 512), (262144, 262144, 512, 1))
        assert_size_stride(getitem, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_1, (8, 8, 512, 1), (4096, 512, 1, 1))
        assert_size_stride(getitem_6, (), ())
        assert_size_stride(getitem_7, (), ())
        assert_size_stride(mm_3, (4096, 512), (512, 1))
        assert_size_stride(rsqrt_1, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_16, (4096, 512), (512, 1))
        assert_size_stride(mm_4, (4096, 1376), (1408, 1))
        assert_size_stride(mm_5, (4096, 1376), (1408, 1))
        assert_size_stride(view_20, (4096, 1376), (1408, 1))
        assert_size_stride(add_9, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_2, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_22, (4096, 512), (512, 1))
        assert_size_stride(convert_element_type_46, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_47, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_48, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_9, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_10, (8, 8, 512, 1), (4096, 512, 1, 1))
        assert_size_stride(getitem_15, (), ())
        assert_size_stride(getitem_16, (), ())
        assert_size_stride(add_13, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_3, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_34, (4096, 512), (512, 1))
        assert_size_stride(mm_11, (4096, 1376), (1408, 1))
        assert_size_stride(mm_12, (4096, 1376), (1408, 1))
        assert_size_stride(view_38, (4096, 1376), (1408, 1))
        assert_size_stride(add_16, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_4, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_40, (4096, 512), (512, 1))
        assert_size_stride(convert_element_type_78, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_79, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_80, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_18, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_19, (8, 8, 512, 1), (4096, 512, 1, 1))
        assert_size_stride(getitem_24, (), ())
        assert_size_stride(getitem_25, (), ())
        assert_size_stride(add_20, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_5, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_52, (4096, 512), (512, 1))
        assert_size_stride(mm_18, (4096, 1376), (1408, 1))
        assert_size_stride(mm_19, (4096, 1376), (1408, 1))
        assert_size_stride(view_56, (4096, 1376), (1408, 1))
        assert_size_stride(add_23, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_6, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_58, (4096, 512), (512, 1))
        assert_size_stride(convert_element_type_110, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_111, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(convert_element_type_112, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_27, (8, 8, 512, 64), (262144, 64, 512, 1))
        assert_size_stride(getitem_28, (8, 8, 512, 1), (4096, 512, 1, 1))
        assert_size_stride(getitem_33, (), ())
        assert_size_stride(getitem_34, (), ())
        assert_size_stride(add_27, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_7, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_70, (4096, 512), (512, 1))
        assert_size_stride(mm_25, (4096, 1376), (1408, 1))
        assert_size_stride(mm_26, (4096, 1376), (1408, 1))
        assert_size_stride(view_74, (4096, 1376), (1408, 1))
        assert_size_stride(add_30, (8, 512, 512), (262144, 512, 1))
        assert_size_stride(rsqrt_8, (8, 512, 1), (512, 1, 1))
        assert_size_stride(view_76, (4096, 512), (512, 1))
        assert_size_stride(view_77, (8, 512, 32000), (16384000, 32000, 1))
        assert_size_stride(constant_pad_nd, (8, 513), (513, 1))
        assert_size_stride(amax, (4096, 1), (1, 1))
        assert_size_stride(log, (4096, 1), (1, 1))
        assert_size_stride(convert_element_type_134, (), ())
        assert_size_stride(permute_48, (32000, 512), (512, 1))
        assert_size_stride(permute_52, (512, 1376), (1408, 1))
        assert_size_stride(permute_56, (1376, 512), (512, 1))
        assert_size_stride(permute_60, (1376, 512), (512, 1))
        assert_size_stride(permute_64, (512, 512), (512, 1))
        assert_size_stride(permute_70, (512, 512), (512, 1))
        assert_size_stride(permute_75, (512, 512), (512, 1))
        assert_size_stride(permute_80, (512, 512), (512, 1))
        assert_size_stride(permute_84, (512, 1376), (1408, 1))
        assert_size_stride(permute_88, (1376, 512), (512, 1))
        assert_size_stride(permute_92, (1376, 512), (512, 1))
        assert_size_stride(permute_96, (512, 512), (512, 1))
        assert_size_stride(permute_102, (512, 512), (512, 1))
        assert_size_stride(permute_107, (512, 512), (512, 1))
        assert_size_stride(permute_112, (512, 512), (512, 1))
        assert_size_stride(permute_116, (512, 1376), (1408, 1))
        assert_size_stride(permute_120, (1376, 512), (512, 1))
        assert_size_stride(permute_124, (1376, 512), (512, 1))
        assert_size_stride(permute_128, (512, 512), (512, 1))
        assert_size_stride(permute_134, (512, 512), (512, 1))
        assert_size_stride(permute_139, (512, 512), (512, 1))
        assert_size_stride(permute_144, (512, 512), (512, 1))
        assert_size_stride(permute_148, (512, 1376), (1408, 1))
        assert_size_stride(permute_152, (1376, 512), (512, 1))
        assert_size_stride(permute_156, (1376, 512), (512, 1))
        assert_size_stride(permute_160, (512, 512), (512, 1))
        assert_size_stride(permute_166, (512, 512), (512, 1))
        assert_size_stride(permute_171, (512, 512), (512, 1))
        assert_size_stride(permute_176, (512, 512), (512, 1))
        assert_size_stride(tangents_1, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_2, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_3, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_4, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_5, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_6, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_7, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_8, (8, 8, 512, 64), (262144, 32768, 64, 1))
        assert_size_stride(tangents_9, (), ())
        assert_size_stride(tangents_10, (8, 512, 32000), (16384000, 32000, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf1 = empty_strided_cuda((8, 512, 32000), (16384000, 32000, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, sum_4, mul_41, sub_2, view_80, convert_element_type_135, add_32], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add]
            # [Provenance debug handles] triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0:1
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0.run(constant_pad_nd, tangents_9, convert_element_type_134, tangents_10, view_77, amax, log, buf1, 4096, 32000, stream=stream0)
            del amax
            del constant_pad_nd
            del convert_element_type_134
            del log
            del tangents_10
            del tangents_9
            del view_77
            buf2 = empty_strided_cuda((32000, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, mul_41, sub_2, view_80, convert_element_type_135, add_32, view_81, permute_46, permute_49], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:2
            extern_kernels.mm(reinterpret_tensor(buf1, (32000, 4096), (1, 32000), 0), view_76, out=buf2)
            del view_76
            buf3 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, mul_41, sub_2, view_80, convert_element_type_135, add_32, view_81, mm_30], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:3
            extern_kernels.mm(reinterpret_tensor(buf1, (4096, 32000), (32000, 1), 0), permute_48, out=buf3)
            del buf1
            del permute_48
            buf4 = empty_strided_cuda((32000, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_141], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_1:4
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_1.run(buf2, buf4, 16384000, stream=stream0)
            del buf2
            buf5 = empty_strided_cuda((1, 1, 512, 32), (16384, 16384, 1, 512), torch.float32)
            # Topologically Sorted Source Nodes: [view_82, convert_element_type_140, hidden_states_33, mul_43, sum_5], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_mul_sum_view_2:5
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_mul_sum_view_2.run(buf3, add_30, rsqrt_8, buf5, 16384, 128, stream=stream0)
            buf6 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_82, convert_element_type_140, hidden_states_33, mul_43, sum_5], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:6
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf5, buf6, 512, 32, stream=stream0)
            buf8 = add_30; del add_30  # reuse
            buf9 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_82, convert_element_type_140, mul_42, mul_44, mul_45, sum_6, pow_10, mul_46, mul_47, expand_5, div_6, pow_11, mul_48, mul_49, add_33, convert_element_type_142, view_84], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum, aten.pow, aten.expand, aten.div, aten.add]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4:7
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4.run(buf8, buf3, primals_40, rsqrt_8, buf9, 4096, 512, stream=stream0)
            del primals_40
            del rsqrt_8
            buf10 = empty_strided_cuda((512, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [permute_50, permute_53], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:8
            extern_kernels.mm(reinterpret_tensor(buf9, (512, 4096), (1, 512), 0), view_74, out=buf10)
            del view_74
            buf11 = empty_strided_cuda((4096, 1376), (1408, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_32], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:9
            extern_kernels.mm(buf9, permute_52, out=buf11)
            del permute_52
            buf12 = empty_strided_cuda((512, 1376), (1376, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_147], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:10
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_5.run(buf10, buf12, 704512, stream=stream0)
            buf13 = empty_strided_cuda((8, 512, 1376), (720896, 1408, 1), torch.bfloat16)
            buf17 = reinterpret_tensor(mm_26, (8, 512, 1376), (720896, 1408, 1), 0); del mm_26  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:11
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf17, buf11, mm_25, buf13, 5636096, stream=stream0)
            del buf11
            del mm_25
            buf14 = empty_strided_cuda((1376, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, view_86, permute_54, permute_57], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:12
            extern_kernels.mm(reinterpret_tensor(buf13, (1376, 4096), (1, 1408), 0), view_70, out=buf14)
            buf15 = buf9; del buf9  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, view_86, mm_34], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:13
            extern_kernels.mm(reinterpret_tensor(buf13, (4096, 1376), (1408, 1), 0), permute_56, out=buf15)
            del permute_56
            buf16 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_153], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:14
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf14, buf16, 704512, stream=stream0)
            buf18 = buf14; del buf14  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156, view_88, permute_58, permute_61], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:15
            extern_kernels.mm(reinterpret_tensor(buf17, (1376, 4096), (1, 1408), 0), view_70, out=buf18)
            del view_70
            buf19 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156, view_88, mm_36], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:16
            extern_kernels.mm(reinterpret_tensor(buf17, (4096, 1376), (1408, 1), 0), permute_60, out=buf19)
            del permute_60
            buf20 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_162], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:17
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf18, buf20, 704512, stream=stream0)
            buf21 = buf5; del buf5  # reuse
            # Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, hidden_states_29, mul_57, sum_7], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_8:18
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_mul_sum_view_8.run(buf15, buf19, add_27, rsqrt_7, buf21, 16384, 128, stream=stream0)
            buf22 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, hidden_states_29, mul_57, sum_7], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:19
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf21, buf22, 512, 32, stream=stream0)
            buf24 = buf8; del buf8  # reuse
            buf25 = empty_strided_cuda((4096, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, mul_56, mul_58, mul_59, sum_8, add_37, pow_12, mul_60, mul_61, expand_6, div_7, pow_13, mul_62, mul_63, add_38, convert_element_type_163, view_91], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9:20
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9.run(buf24, buf15, buf19, primals_36, add_27, rsqrt_7, buf25, 4096, 512, stream=stream0)
            del add_27
            del buf15
            del primals_36
            del rsqrt_7
            buf26 = empty_strided_cuda((512, 512), (512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [permute_62, transpose_16, reshape_3, attn_output_15, permute_65], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:21
            extern_kernels.mm(reinterpret_tensor(buf25, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem_27, (4096, 512), (512, 1), 0), out=buf26)
            buf27 = buf19; del buf19  # reuse
            # Topologically Sorted Source Nodes: [mm_38], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:22
            extern_kernels.mm(buf25, permute_64, out=buf27)
            del buf25
            del permute_64
            buf28 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_168], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:23
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf26, buf28, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_92, view_93, permute_66, _scaled_dot_product_cudnn_attention_backward], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:24
            buf29 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf27, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_112, convert_element_type_111, convert_element_type_110, getitem_27, getitem_28, getitem_33, getitem_34, where, None, None, 512, 512, 0.0, False, scale=0.125)
            del convert_element_type_110
            del convert_element_type_111
            del convert_element_type_112
            del getitem_27
            del getitem_28
            del getitem_33
            del getitem_34
            buf30 = buf29[0]
            assert_size_stride(buf30, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf30, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf31 = buf29[1]
            assert_size_stride(buf31, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf31, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf32 = buf29[2]
            assert_size_stride(buf32, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf32, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf29
            buf33 = reinterpret_tensor(buf27, (8, 8, 512, 64), (262144, 32768, 64, 1), 0); del buf27  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_170, slice_19, , freqs, emb, sin, sin_1, sin_3, mul_64, convert_element_type_173, slice_20, slice_21, neg_14, full_3, _generalized_scatter, _generalized_scatter_1, add_41, cos, cos_1, cos_3, mul_65, convert_element_type_174, add_42], Original ATen: [aten._to_copy, aten.add, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice, aten.neg, aten.slice_backward, aten.cos]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:25
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_8, buf31, mm_default, buf33, 2097152, stream=stream0)
            del tangents_8
            buf34 = reinterpret_tensor(buf32, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf32  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:26
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf34, tangents_7, 2097152, stream=stream0)
            del tangents_7
            buf35 = buf26; del buf26  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7, view_94, view_95, permute_68, permute_71], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:27
            extern_kernels.mm(reinterpret_tensor(buf34, (512, 4096), (1, 512), 0), view_58, out=buf35)
            buf36 = reinterpret_tensor(buf31, (4096, 512), (512, 1), 0); del buf31  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7, view_94, view_95, mm_40], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:28
            extern_kernels.mm(reinterpret_tensor(buf34, (4096, 512), (512, 1), 0), permute_70, out=buf36)
            del permute_70
            buf37 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_182], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:29
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf35, buf37, 262144, stream=stream0)
            buf38 = reinterpret_tensor(buf34, (4096, 512), (512, 1), 0); del buf34  # reuse
            # Topologically Sorted Source Nodes: [permute_72, clone_8, view_97, view_98], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:30
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf33, buf38, 2097152, stream=stream0)
            buf39 = buf35; del buf35  # reuse
            # Topologically Sorted Source Nodes: [permute_73, permute_76], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:31
            extern_kernels.mm(reinterpret_tensor(buf38, (512, 4096), (1, 512), 0), view_58, out=buf39)
            buf40 = reinterpret_tensor(buf33, (4096, 512), (512, 1), 0); del buf33  # reuse
            # Topologically Sorted Source Nodes: [mm_42], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:32
            extern_kernels.mm(buf38, permute_75, out=buf40)
            del permute_75
            buf41 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_188], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:33
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf39, buf41, 262144, stream=stream0)
            buf42 = reinterpret_tensor(buf38, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf38  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:34
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf30, mm_default, buf42, 2097152, stream=stream0)
            buf43 = buf39; del buf39  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9, view_100, view_101, permute_78, permute_81], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:35
            extern_kernels.mm(reinterpret_tensor(buf42, (512, 4096), (1, 512), 0), view_58, out=buf43)
            del view_58
            buf44 = reinterpret_tensor(buf30, (4096, 512), (512, 1), 0); del buf30  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9, view_100, view_101, mm_44], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:36
            extern_kernels.mm(reinterpret_tensor(buf42, (4096, 512), (512, 1), 0), permute_80, out=buf44)
            del permute_80
            buf45 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_194], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:37
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf43, buf45, 262144, stream=stream0)
            buf46 = buf21; del buf21  # reuse
            # Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, hidden_states_25, mul_69, sum_9], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_15:38
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_mul_sum_view_15.run(buf36, buf40, buf44, add_23, rsqrt_6, buf46, 16384, 128, stream=stream0)
            buf47 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, hidden_states_25, mul_69, sum_9], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:39
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf46, buf47, 512, 32, stream=stream0)
            buf49 = buf24; del buf24  # reuse
            buf50 = reinterpret_tensor(buf42, (4096, 512), (512, 1), 0); del buf42  # reuse
            # Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, mul_68, mul_70, mul_71, sum_10, add_47, pow_14, mul_72, mul_73, expand_7, div_8, pow_15, mul_74, mul_75, add_48, convert_element_type_195, view_104], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16:40
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16.run(buf49, buf36, buf40, buf44, primals_31, add_23, rsqrt_6, buf50, 4096, 512, stream=stream0)
            del add_23
            del buf36
            del primals_31
            del rsqrt_6
            buf51 = buf10; del buf10  # reuse
            # Topologically Sorted Source Nodes: [permute_82, permute_85], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:41
            extern_kernels.mm(reinterpret_tensor(buf50, (512, 4096), (1, 512), 0), view_56, out=buf51)
            del view_56
            buf52 = reinterpret_tensor(buf17, (4096, 1376), (1408, 1), 0); del buf17  # reuse
            # Topologically Sorted Source Nodes: [mm_46], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:42
            extern_kernels.mm(buf50, permute_84, out=buf52)
            del permute_84
            buf53 = empty_strided_cuda((512, 1376), (1376, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_200], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:43
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_5.run(buf51, buf53, 704512, stream=stream0)
            buf54 = buf13; del buf13  # reuse
            buf58 = reinterpret_tensor(mm_19, (8, 512, 1376), (720896, 1408, 1), 0); del mm_19  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, mul_76, linear_19, mul_77, convert_element_type_207, reciprocal_1, mul_78, mul_79, sub_4, mul_80, add_50, mul_81, convert_element_type_209], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:44
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf58, buf52, mm_18, buf54, 5636096, stream=stream0)
            del buf52
            del mm_18
            buf55 = buf18; del buf18  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, mul_76, view_106, permute_86, permute_89], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:45
            extern_kernels.mm(reinterpret_tensor(buf54, (1376, 4096), (1, 1408), 0), view_52, out=buf55)
            buf56 = buf50; del buf50  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, mul_76, view_106, mm_48], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:46
            extern_kernels.mm(reinterpret_tensor(buf54, (4096, 1376), (1408, 1), 0), permute_88, out=buf56)
            del permute_88
            buf57 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_206], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:47
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf55, buf57, 704512, stream=stream0)
            buf59 = buf55; del buf55  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, linear_19, mul_77, convert_element_type_207, reciprocal_1, mul_78, mul_79, sub_4, mul_80, add_50, mul_81, convert_element_type_209, view_108, permute_90, permute_93], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:48
            extern_kernels.mm(reinterpret_tensor(buf58, (1376, 4096), (1, 1408), 0), view_52, out=buf59)
            del view_52
            buf60 = buf44; del buf44  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, linear_19, mul_77, convert_element_type_207, reciprocal_1, mul_78, mul_79, sub_4, mul_80, add_50, mul_81, convert_element_type_209, view_108, mm_50], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:49
            extern_kernels.mm(reinterpret_tensor(buf58, (4096, 1376), (1408, 1), 0), permute_92, out=buf60)
            del permute_92
            buf61 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_215], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:50
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf59, buf61, 704512, stream=stream0)
            buf62 = buf46; del buf46  # reuse
            # Topologically Sorted Source Nodes: [view_107, convert_element_type_205, view_109, convert_element_type_214, add_51, hidden_states_21, mul_83, sum_11], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_8:51
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_mul_sum_view_8.run(buf56, buf60, add_20, rsqrt_5, buf62, 16384, 128, stream=stream0)
            buf63 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_107, convert_element_type_205, view_109, convert_element_type_214, add_51, hidden_states_21, mul_83, sum_11], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:52
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf62, buf63, 512, 32, stream=stream0)
            buf65 = buf49; del buf49  # reuse
            buf66 = buf40; del buf40  # reuse
            # Topologically Sorted Source Nodes: [view_107, convert_element_type_205, view_109, convert_element_type_214, add_51, mul_82, mul_84, mul_85, sum_12, add_52, pow_16, mul_86, mul_87, expand_8, div_9, pow_17, mul_88, mul_89, add_53, convert_element_type_216, view_111], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9:53
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9.run(buf65, buf56, buf60, primals_27, add_20, rsqrt_5, buf66, 4096, 512, stream=stream0)
            del add_20
            del buf56
            del primals_27
            del rsqrt_5
            buf67 = buf43; del buf43  # reuse
            # Topologically Sorted Source Nodes: [permute_94, transpose_12, reshape_2, attn_output_11, permute_97], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:54
            extern_kernels.mm(reinterpret_tensor(buf66, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem_18, (4096, 512), (512, 1), 0), out=buf67)
            buf68 = buf60; del buf60  # reuse
            # Topologically Sorted Source Nodes: [mm_52], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:55
            extern_kernels.mm(buf66, permute_96, out=buf68)
            del buf66
            del permute_96
            buf69 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_221], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:56
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf67, buf69, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_112, view_113, permute_98, _scaled_dot_product_cudnn_attention_backward_1], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:57
            buf70 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf68, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_80, convert_element_type_79, convert_element_type_78, getitem_18, getitem_19, getitem_24, getitem_25, where, None, None, 512, 512, 0.0, False, scale=0.125)
            del convert_element_type_78
            del convert_element_type_79
            del convert_element_type_80
            del getitem_18
            del getitem_19
            del getitem_24
            del getitem_25
            buf71 = buf70[0]
            assert_size_stride(buf71, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf71, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf72 = buf70[1]
            assert_size_stride(buf72, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf72, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf73 = buf70[2]
            assert_size_stride(buf73, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf73, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf70
            buf74 = reinterpret_tensor(buf68, (8, 8, 512, 64), (262144, 32768, 64, 1), 0); del buf68  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_223, slice_25, mul_90, convert_element_type_226, slice_26, slice_27, neg_17, _generalized_scatter_4, _generalized_scatter_5, add_56, mul_91, convert_element_type_227, add_57], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.add, aten.slice, aten.neg]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:58
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_6, buf72, mm_default, buf74, 2097152, stream=stream0)
            del tangents_6
            buf75 = reinterpret_tensor(buf73, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf73  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_224, slice_24, convert_element_type_225, permute_99, clone_10], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:59
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf75, tangents_5, 2097152, stream=stream0)
            del tangents_5
            buf76 = buf67; del buf67  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_224, slice_24, convert_element_type_225, permute_99, clone_10, view_114, view_115, permute_100, permute_103], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:60
            extern_kernels.mm(reinterpret_tensor(buf75, (512, 4096), (1, 512), 0), view_40, out=buf76)
            buf77 = reinterpret_tensor(buf72, (4096, 512), (512, 1), 0); del buf72  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_224, slice_24, convert_element_type_225, permute_99, clone_10, view_114, view_115, mm_54], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:61
            extern_kernels.mm(reinterpret_tensor(buf75, (4096, 512), (512, 1), 0), permute_102, out=buf77)
            del permute_102
            buf78 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_235], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:62
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf76, buf78, 262144, stream=stream0)
            buf79 = reinterpret_tensor(buf75, (4096, 512), (512, 1), 0); del buf75  # reuse
            # Topologically Sorted Source Nodes: [permute_104, clone_11, view_117, view_118], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:63
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf74, buf79, 2097152, stream=stream0)
            buf80 = buf76; del buf76  # reuse
            # Topologically Sorted Source Nodes: [permute_105, permute_108], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:64
            extern_kernels.mm(reinterpret_tensor(buf79, (512, 4096), (1, 512), 0), view_40, out=buf80)
            buf81 = reinterpret_tensor(buf74, (4096, 512), (512, 1), 0); del buf74  # reuse
            # Topologically Sorted Source Nodes: [mm_56], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:65
            extern_kernels.mm(buf79, permute_107, out=buf81)
            del permute_107
            buf82 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_241], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:66
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf80, buf82, 262144, stream=stream0)
            buf83 = reinterpret_tensor(buf79, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf79  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_222, mul_92, convert_element_type_228, slice_28, slice_29, neg_18, _generalized_scatter_6, _generalized_scatter_7, add_58, mul_93, convert_element_type_229, add_59, permute_109, clone_12], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:67
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf71, mm_default, buf83, 2097152, stream=stream0)
            buf84 = buf80; del buf80  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_222, mul_92, convert_element_type_228, slice_28, slice_29, neg_18, _generalized_scatter_6, _generalized_scatter_7, add_58, mul_93, convert_element_type_229, add_59, permute_109, clone_12, view_120, view_121, permute_110, permute_113], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:68
            extern_kernels.mm(reinterpret_tensor(buf83, (512, 4096), (1, 512), 0), view_40, out=buf84)
            del view_40
            buf85 = reinterpret_tensor(buf71, (4096, 512), (512, 1), 0); del buf71  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_222, mul_92, convert_element_type_228, slice_28, slice_29, neg_18, _generalized_scatter_6, _generalized_scatter_7, add_58, mul_93, convert_element_type_229, add_59, permute_109, clone_12, view_120, view_121, mm_58], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:69
            extern_kernels.mm(reinterpret_tensor(buf83, (4096, 512), (512, 1), 0), permute_112, out=buf85)
            del permute_112
            buf86 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_247], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:70
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf84, buf86, 262144, stream=stream0)
            buf87 = buf62; del buf62  # reuse
            # Topologically Sorted Source Nodes: [view_116, convert_element_type_234, view_119, convert_element_type_240, add_60, view_122, convert_element_type_246, add_61, hidden_states_17, mul_95, sum_13], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_15:71
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_mul_sum_view_15.run(buf77, buf81, buf85, add_16, rsqrt_4, buf87, 16384, 128, stream=stream0)
            buf88 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_116, convert_element_type_234, view_119, convert_element_type_240, add_60, view_122, convert_element_type_246, add_61, hidden_states_17, mul_95, sum_13], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:72
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf87, buf88, 512, 32, stream=stream0)
            buf90 = buf65; del buf65  # reuse
            buf91 = reinterpret_tensor(buf83, (4096, 512), (512, 1), 0); del buf83  # reuse
            # Topologically Sorted Source Nodes: [view_116, convert_element_type_234, view_119, convert_element_type_240, add_60, view_122, convert_element_type_246, add_61, mul_94, mul_96, mul_97, sum_14, add_62, pow_18, mul_98, mul_99, expand_9, div_10, pow_19, mul_100, mul_101, add_63, convert_element_type_248, view_124], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16:73
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16.run(buf90, buf77, buf81, buf85, primals_22, add_16, rsqrt_4, buf91, 4096, 512, stream=stream0)
            del add_16
            del buf77
            del primals_22
            del rsqrt_4
            buf92 = buf51; del buf51  # reuse
            # Topologically Sorted Source Nodes: [permute_114, permute_117], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:74
            extern_kernels.mm(reinterpret_tensor(buf91, (512, 4096), (1, 512), 0), view_38, out=buf92)
            del view_38
            buf93 = reinterpret_tensor(buf58, (4096, 1376), (1408, 1), 0); del buf58  # reuse
            # Topologically Sorted Source Nodes: [mm_60], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:75
            extern_kernels.mm(buf91, permute_116, out=buf93)
            del permute_116
            buf94 = empty_strided_cuda((512, 1376), (1376, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_253], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:76
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_5.run(buf92, buf94, 704512, stream=stream0)
            buf95 = buf54; del buf54  # reuse
            buf99 = reinterpret_tensor(mm_12, (8, 512, 1376), (720896, 1408, 1), 0); del mm_12  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, mul_102, linear_12, mul_103, convert_element_type_260, reciprocal_2, mul_104, mul_105, sub_5, mul_106, add_65, mul_107, convert_element_type_262], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:77
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf99, buf93, mm_11, buf95, 5636096, stream=stream0)
            del buf93
            del mm_11
            buf96 = buf59; del buf59  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, mul_102, view_126, permute_118, permute_121], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:78
            extern_kernels.mm(reinterpret_tensor(buf95, (1376, 4096), (1, 1408), 0), view_34, out=buf96)
            buf97 = buf91; del buf91  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, mul_102, view_126, mm_62], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:79
            extern_kernels.mm(reinterpret_tensor(buf95, (4096, 1376), (1408, 1), 0), permute_120, out=buf97)
            del permute_120
            buf98 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_259], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:80
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf96, buf98, 704512, stream=stream0)
            buf100 = buf96; del buf96  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, linear_12, mul_103, convert_element_type_260, reciprocal_2, mul_104, mul_105, sub_5, mul_106, add_65, mul_107, convert_element_type_262, view_128, permute_122, permute_125], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:81
            extern_kernels.mm(reinterpret_tensor(buf99, (1376, 4096), (1, 1408), 0), view_34, out=buf100)
            del view_34
            buf101 = buf85; del buf85  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, linear_12, mul_103, convert_element_type_260, reciprocal_2, mul_104, mul_105, sub_5, mul_106, add_65, mul_107, convert_element_type_262, view_128, mm_64], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:82
            extern_kernels.mm(reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0), permute_124, out=buf101)
            del permute_124
            buf102 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_268], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:83
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf100, buf102, 704512, stream=stream0)
            buf103 = buf87; del buf87  # reuse
            # Topologically Sorted Source Nodes: [view_127, convert_element_type_258, view_129, convert_element_type_267, add_66, hidden_states_13, mul_109, sum_15], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_8:84
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_mul_sum_view_8.run(buf97, buf101, add_13, rsqrt_3, buf103, 16384, 128, stream=stream0)
            buf104 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_127, convert_element_type_258, view_129, convert_element_type_267, add_66, hidden_states_13, mul_109, sum_15], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:85
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf103, buf104, 512, 32, stream=stream0)
            buf106 = buf90; del buf90  # reuse
            buf107 = buf81; del buf81  # reuse
            # Topologically Sorted Source Nodes: [view_127, convert_element_type_258, view_129, convert_element_type_267, add_66, mul_108, mul_110, mul_111, sum_16, add_67, pow_20, mul_112, mul_113, expand_10, div_11, pow_21, mul_114, mul_115, add_68, convert_element_type_269, view_131], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9:86
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9.run(buf106, buf97, buf101, primals_18, add_13, rsqrt_3, buf107, 4096, 512, stream=stream0)
            del add_13
            del primals_18
            del rsqrt_3
            buf108 = buf84; del buf84  # reuse
            # Topologically Sorted Source Nodes: [permute_126, transpose_8, reshape_1, attn_output_7, permute_129], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:87
            extern_kernels.mm(reinterpret_tensor(buf107, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem_9, (4096, 512), (512, 1), 0), out=buf108)
            buf109 = buf97; del buf97  # reuse
            # Topologically Sorted Source Nodes: [mm_66], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:88
            extern_kernels.mm(buf107, permute_128, out=buf109)
            del permute_128
            buf110 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_274], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:89
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf108, buf110, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_132, view_133, permute_130, _scaled_dot_product_cudnn_attention_backward_2], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:90
            buf111 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf109, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_48, convert_element_type_47, convert_element_type_46, getitem_9, getitem_10, getitem_15, getitem_16, where, None, None, 512, 512, 0.0, False, scale=0.125)
            del convert_element_type_46
            del convert_element_type_47
            del convert_element_type_48
            del getitem_10
            del getitem_15
            del getitem_16
            del getitem_9
            buf112 = buf111[0]
            assert_size_stride(buf112, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf112, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf113 = buf111[1]
            assert_size_stride(buf113, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf113, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf114 = buf111[2]
            assert_size_stride(buf114, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf114, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf111
            buf115 = reinterpret_tensor(buf109, (8, 8, 512, 64), (262144, 32768, 64, 1), 0); del buf109  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_276, slice_31, mul_116, convert_element_type_279, slice_32, slice_33, neg_20, _generalized_scatter_8, _generalized_scatter_9, add_71, mul_117, convert_element_type_280, add_72], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.add, aten.slice, aten.neg]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:91
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_4, buf113, mm_default, buf115, 2097152, stream=stream0)
            del tangents_4
            buf116 = reinterpret_tensor(buf114, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf114  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_277, slice_30, convert_element_type_278, permute_131, clone_13], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:92
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf116, tangents_3, 2097152, stream=stream0)
            del tangents_3
            buf117 = buf108; del buf108  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_277, slice_30, convert_element_type_278, permute_131, clone_13, view_134, view_135, permute_132, permute_135], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:93
            extern_kernels.mm(reinterpret_tensor(buf116, (512, 4096), (1, 512), 0), view_22, out=buf117)
            buf118 = reinterpret_tensor(buf113, (4096, 512), (512, 1), 0); del buf113  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_277, slice_30, convert_element_type_278, permute_131, clone_13, view_134, view_135, mm_68], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:94
            extern_kernels.mm(reinterpret_tensor(buf116, (4096, 512), (512, 1), 0), permute_134, out=buf118)
            del permute_134
            buf119 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_288], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:95
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf117, buf119, 262144, stream=stream0)
            buf120 = reinterpret_tensor(buf116, (4096, 512), (512, 1), 0); del buf116  # reuse
            # Topologically Sorted Source Nodes: [permute_136, clone_14, view_137, view_138], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:96
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf115, buf120, 2097152, stream=stream0)
            buf121 = buf117; del buf117  # reuse
            # Topologically Sorted Source Nodes: [permute_137, permute_140], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:97
            extern_kernels.mm(reinterpret_tensor(buf120, (512, 4096), (1, 512), 0), view_22, out=buf121)
            buf122 = reinterpret_tensor(buf115, (4096, 512), (512, 1), 0); del buf115  # reuse
            # Topologically Sorted Source Nodes: [mm_70], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:98
            extern_kernels.mm(buf120, permute_139, out=buf122)
            del permute_139
            buf123 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_294], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:99
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf121, buf123, 262144, stream=stream0)
            buf124 = reinterpret_tensor(buf120, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf120  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_275, mul_118, convert_element_type_281, slice_34, slice_35, neg_21, _generalized_scatter_10, _generalized_scatter_11, add_73, mul_119, convert_element_type_282, add_74, permute_141, clone_15], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:100
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf112, mm_default, buf124, 2097152, stream=stream0)
            buf125 = buf121; del buf121  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_275, mul_118, convert_element_type_281, slice_34, slice_35, neg_21, _generalized_scatter_10, _generalized_scatter_11, add_73, mul_119, convert_element_type_282, add_74, permute_141, clone_15, view_140, view_141, permute_142, permute_145], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:101
            extern_kernels.mm(reinterpret_tensor(buf124, (512, 4096), (1, 512), 0), view_22, out=buf125)
            del view_22
            buf126 = reinterpret_tensor(buf112, (4096, 512), (512, 1), 0); del buf112  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_275, mul_118, convert_element_type_281, slice_34, slice_35, neg_21, _generalized_scatter_10, _generalized_scatter_11, add_73, mul_119, convert_element_type_282, add_74, permute_141, clone_15, view_140, view_141, mm_72], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:102
            extern_kernels.mm(reinterpret_tensor(buf124, (4096, 512), (512, 1), 0), permute_144, out=buf126)
            del permute_144
            buf127 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_300], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:103
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf125, buf127, 262144, stream=stream0)
            buf128 = buf103; del buf103  # reuse
            # Topologically Sorted Source Nodes: [view_136, convert_element_type_287, view_139, convert_element_type_293, add_75, view_142, convert_element_type_299, add_76, hidden_states_9, mul_121, sum_17], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_15:104
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_mul_sum_view_15.run(buf118, buf122, buf126, add_9, rsqrt_2, buf128, 16384, 128, stream=stream0)
            buf129 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_136, convert_element_type_287, view_139, convert_element_type_293, add_75, view_142, convert_element_type_299, add_76, hidden_states_9, mul_121, sum_17], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:105
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf128, buf129, 512, 32, stream=stream0)
            buf131 = buf106; del buf106  # reuse
            buf132 = reinterpret_tensor(buf124, (4096, 512), (512, 1), 0); del buf124  # reuse
            # Topologically Sorted Source Nodes: [view_136, convert_element_type_287, view_139, convert_element_type_293, add_75, view_142, convert_element_type_299, add_76, mul_120, mul_122, mul_123, sum_18, add_77, pow_22, mul_124, mul_125, expand_11, div_12, pow_23, mul_126, mul_127, add_78, convert_element_type_301, view_144], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16:106
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16.run(buf131, buf118, buf122, buf126, primals_13, add_9, rsqrt_2, buf132, 4096, 512, stream=stream0)
            del add_9
            del primals_13
            del rsqrt_2
            buf133 = buf92; del buf92  # reuse
            # Topologically Sorted Source Nodes: [permute_146, permute_149], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:107
            extern_kernels.mm(reinterpret_tensor(buf132, (512, 4096), (1, 512), 0), view_20, out=buf133)
            del view_20
            buf134 = reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0); del buf99  # reuse
            # Topologically Sorted Source Nodes: [mm_74], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:108
            extern_kernels.mm(buf132, permute_148, out=buf134)
            del permute_148
            buf135 = empty_strided_cuda((512, 1376), (1376, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_306], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:109
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_5.run(buf133, buf135, 704512, stream=stream0)
            del buf133
            buf136 = buf95; del buf95  # reuse
            buf140 = reinterpret_tensor(mm_5, (8, 512, 1376), (720896, 1408, 1), 0); del mm_5  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, mul_128, linear_5, mul_129, convert_element_type_313, reciprocal_3, mul_130, mul_131, sub_6, mul_132, add_80, mul_133, convert_element_type_315], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:110
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf140, buf134, mm_4, buf136, 5636096, stream=stream0)
            del buf134
            del mm_4
            buf137 = buf100; del buf100  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, mul_128, view_146, permute_150, permute_153], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:111
            extern_kernels.mm(reinterpret_tensor(buf136, (1376, 4096), (1, 1408), 0), view_16, out=buf137)
            buf138 = buf132; del buf132  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, mul_128, view_146, mm_76], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:112
            extern_kernels.mm(reinterpret_tensor(buf136, (4096, 1376), (1408, 1), 0), permute_152, out=buf138)
            del buf136
            del permute_152
            buf139 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_312], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:113
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf137, buf139, 704512, stream=stream0)
            buf141 = buf137; del buf137  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, linear_5, mul_129, convert_element_type_313, reciprocal_3, mul_130, mul_131, sub_6, mul_132, add_80, mul_133, convert_element_type_315, view_148, permute_154, permute_157], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:114
            extern_kernels.mm(reinterpret_tensor(buf140, (1376, 4096), (1, 1408), 0), view_16, out=buf141)
            del view_16
            buf142 = buf126; del buf126  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, linear_5, mul_129, convert_element_type_313, reciprocal_3, mul_130, mul_131, sub_6, mul_132, add_80, mul_133, convert_element_type_315, view_148, mm_78], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:115
            extern_kernels.mm(reinterpret_tensor(buf140, (4096, 1376), (1408, 1), 0), permute_156, out=buf142)
            del buf140
            del permute_156
            buf143 = empty_strided_cuda((1376, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_321], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:116
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(buf141, buf143, 704512, stream=stream0)
            del buf141
            buf147 = buf131; del buf131  # reuse
            buf148 = buf122; del buf122  # reuse
            # Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, mul_134, attn_output_3, hidden_states_3, mul_136, mul_137, sum_20, add_82, pow_24, mul_138, mul_139, expand_12, div_13, pow_25, mul_140, mul_141, add_83, convert_element_type_322, view_151], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten._unsafe_view, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17:117
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17.run(buf147, buf138, buf142, primals_9, embedding, mm_3, rsqrt_1, buf148, 4096, 512, stream=stream0)
            del primals_9
            buf150 = buf118; del buf118  # reuse
            # Topologically Sorted Source Nodes: [mm_80], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:118
            extern_kernels.mm(buf148, permute_160, out=buf150)
            del permute_160
            # Topologically Sorted Source Nodes: [view_152, view_153, permute_162, _scaled_dot_product_cudnn_attention_backward_3], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:119
            buf152 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf150, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_16, convert_element_type_15, convert_element_type_14, getitem, getitem_1, getitem_6, getitem_7, where, None, None, 512, 512, 0.0, False, scale=0.125)
            del convert_element_type_14
            del convert_element_type_15
            del convert_element_type_16
            del getitem_1
            del getitem_6
            del getitem_7
            del where
            buf155 = buf152[2]
            assert_size_stride(buf155, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf155, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf157 = reinterpret_tensor(buf155, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf155  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_330, slice_36, convert_element_type_331, permute_163, clone_16], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:120
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf157, tangents_1, 2097152, stream=stream0)
            del tangents_1
            buf159 = buf150; del buf150  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_330, slice_36, convert_element_type_331, permute_163, clone_16, view_154, view_155, mm_82], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:121
            extern_kernels.mm(reinterpret_tensor(buf157, (4096, 512), (512, 1), 0), permute_166, out=buf159)
            del permute_166
            buf154 = buf152[1]
            assert_size_stride(buf154, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf154, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf156 = reinterpret_tensor(buf107, (8, 8, 512, 64), (262144, 32768, 64, 1), 0); del buf107  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_329, slice_37, mul_142, convert_element_type_332, slice_38, slice_39, neg_23, _generalized_scatter_12, _generalized_scatter_13, add_86, mul_143, convert_element_type_333, add_87], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.add, aten.slice, aten.neg]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:122
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_2, buf154, mm_default, buf156, 2097152, stream=stream0)
            del tangents_2
            buf161 = reinterpret_tensor(buf154, (4096, 512), (512, 1), 0); del buf154  # reuse
            # Topologically Sorted Source Nodes: [permute_168, clone_17, view_157, view_158], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:123
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf156, buf161, 2097152, stream=stream0)
            buf163 = reinterpret_tensor(buf156, (4096, 512), (512, 1), 0); del buf156  # reuse
            # Topologically Sorted Source Nodes: [mm_84], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:124
            extern_kernels.mm(buf161, permute_171, out=buf163)
            del permute_171
            buf153 = buf152[0]
            assert_size_stride(buf153, (8, 8, 512, 64), (262144, 64, 512, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf153, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf152
            buf165 = reinterpret_tensor(buf101, (8, 512, 8, 64), (262144, 512, 64, 1), 0); del buf101  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_328, mul_144, convert_element_type_334, slice_40, slice_41, neg_24, _generalized_scatter_14, _generalized_scatter_15, add_88, mul_145, convert_element_type_335, add_89, permute_173, clone_18], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:125
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf153, mm_default, buf165, 2097152, stream=stream0)
            del mm_default
            buf167 = reinterpret_tensor(buf153, (4096, 512), (512, 1), 0); del buf153  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_328, mul_144, convert_element_type_334, slice_40, slice_41, neg_24, _generalized_scatter_14, _generalized_scatter_15, add_88, mul_145, convert_element_type_335, add_89, permute_173, clone_18, view_160, view_161, mm_86], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:126
            extern_kernels.mm(reinterpret_tensor(buf165, (4096, 512), (512, 1), 0), permute_176, out=buf167)
            del permute_176
            buf144 = buf128; del buf128  # reuse
            buf169 = empty_strided_cuda((1, 1, 512, 32), (16384, 16384, 1, 512), torch.float32)
            # Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, attn_output_3, hidden_states_3, hidden_states_5, mul_135, sum_19, view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, hidden_states_1, mul_147, sum_21], Original ATen: [aten.view, aten._to_copy, aten.add, aten._unsafe_view, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18:127
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18.run(buf138, buf142, embedding, mm_3, rsqrt_1, buf159, buf163, buf167, rsqrt, buf144, buf169, 16384, 128, stream=stream0)
            del buf138
            del buf142
            del mm_3
            del rsqrt_1
            buf145 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, attn_output_3, hidden_states_3, hidden_states_5, mul_135, sum_19], Original ATen: [aten.view, aten._to_copy, aten.add, aten._unsafe_view, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:128
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf144, buf145, 512, 32, stream=stream0)
            del buf144
            buf149 = buf125; del buf125  # reuse
            # Topologically Sorted Source Nodes: [permute_158, transpose_4, reshape, attn_output_3, permute_161], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:129
            extern_kernels.mm(reinterpret_tensor(buf148, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem, (4096, 512), (512, 1), 0), out=buf149)
            del buf148
            del getitem
            buf151 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_327], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:130
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf149, buf151, 262144, stream=stream0)
            buf158 = buf149; del buf149  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_330, slice_36, convert_element_type_331, permute_163, clone_16, view_154, view_155, permute_164, permute_167], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:131
            extern_kernels.mm(reinterpret_tensor(buf157, (512, 4096), (1, 512), 0), view_4, out=buf158)
            del buf157
            buf160 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_341], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:132
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf158, buf160, 262144, stream=stream0)
            buf162 = buf158; del buf158  # reuse
            # Topologically Sorted Source Nodes: [permute_169, permute_172], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:133
            extern_kernels.mm(reinterpret_tensor(buf161, (512, 4096), (1, 512), 0), view_4, out=buf162)
            del buf161
            buf164 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_347], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:134
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf162, buf164, 262144, stream=stream0)
            buf166 = buf162; del buf162  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_328, mul_144, convert_element_type_334, slice_40, slice_41, neg_24, _generalized_scatter_14, _generalized_scatter_15, add_88, mul_145, convert_element_type_335, add_89, permute_173, clone_18, view_160, view_161, permute_174, permute_177], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:135
            extern_kernels.mm(reinterpret_tensor(buf165, (512, 4096), (1, 512), 0), view_4, out=buf166)
            del buf165
            del view_4
            buf168 = empty_strided_cuda((512, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_353], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:136
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(buf166, buf168, 262144, stream=stream0)
            del buf166
            buf170 = empty_strided_cuda((1, 1, 512), (512, 512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, hidden_states_1, mul_147, sum_21], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:137
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_mul_sum_view_3.run(buf169, buf170, 512, 32, stream=stream0)
            del buf169
            buf173 = empty_strided_cuda((32000, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_25], Original ATen: [aten.embedding_dense_backward]
            # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_19:138
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_19.run(buf173, 16384000, stream=stream0)
            buf172 = buf147; del buf147  # reuse
            # Topologically Sorted Source Nodes: [loss, view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, mul_146, mul_148, mul_149, sum_22, add_92, pow_26, mul_150, mul_151, expand_13, div_14, pow_27, mul_152, mul_153, add_93, eq, unsqueeze_21, where_8, full_25, index_put], Original ATen: [aten.nll_loss_forward, aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div, aten.embedding_dense_backward]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20:139
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20.run(buf172, buf159, buf163, buf167, primals_4, embedding, primals_1, rsqrt, buf173, 4096, 512, stream=stream0)
            del buf159
            del buf163
            del buf167
            del buf172
            del embedding
            del primals_1
            del primals_4
            del rsqrt
        return (None, buf173, None, reinterpret_tensor(buf170, (512, ), (1, ), 0), buf168, buf164, buf160, buf151, reinterpret_tensor(buf145, (512, ), (1, ), 0), buf143, buf139, buf135, reinterpret_tensor(buf129, (512, ), (1, ), 0), buf127, buf123, buf119, buf110, reinterpret_tensor(buf104, (512, ), (1, ), 0), buf102, buf98, buf94, reinterpret_tensor(buf88, (512, ), (1, ), 0), buf86, buf82, buf78, buf69, reinterpret_tensor(buf63, (512, ), (1, ), 0), buf61, buf57, buf53, reinterpret_tensor(buf47, (512, ), (1, ), 0), buf45, buf41, buf37, buf28, reinterpret_tensor(buf22, (512, ), (1, ), 0), buf20, buf16, buf12, reinterpret_tensor(buf6, (512, ), (1, ), 0), buf4, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((8, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_4 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_31 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    embedding = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    mm_default = rand_strided((32, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_4 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_14 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_15 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_16 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    where = rand_strided((8, 1, 512, 512), (262144, 262144, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_1 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_6 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_7 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    mm_3 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    rsqrt_1 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_16 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_4 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_5 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_20 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_9 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_2 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_22 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_46 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_47 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_48 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_9 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_10 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_15 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_16 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    add_13 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_3 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_34 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_11 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_12 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_38 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_16 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_4 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_40 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_78 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_79 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_80 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_18 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_19 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_24 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_25 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    add_20 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_5 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_52 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_18 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_19 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_56 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_23 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_6 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_58 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_110 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_111 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_112 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_27 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_28 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_33 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_34 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    add_27 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_7 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_70 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_25 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_26 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_74 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_30 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_8 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_76 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    view_77 = rand_strided((8, 512, 32000), (16384000, 32000, 1), device='cuda:0', dtype=torch.bfloat16)
    constant_pad_nd = rand_strided((8, 513), (513, 1), device='cuda:0', dtype=torch.int64)
    amax = rand_strided((4096, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    log = rand_strided((4096, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    convert_element_type_134 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    permute_48 = rand_strided((32000, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_52 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_56 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_60 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_64 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_70 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_75 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_80 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_84 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_88 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_92 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_96 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_102 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_107 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_112 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_116 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_120 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_124 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_128 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_134 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_139 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_144 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_148 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_152 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_156 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_160 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_166 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_171 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_176 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_1 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_2 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_3 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_4 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_5 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_6 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_7 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_8 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_9 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    tangents_10 = rand_strided((8, 512, 32000), (16384000, 32000, 1), device='cuda:0', dtype=torch.bfloat16)
    return [primals_1, primals_4, primals_9, primals_13, primals_18, primals_22, primals_27, primals_31, primals_36, primals_40, embedding, mm_default, rsqrt, view_4, convert_element_type_14, convert_element_type_15, convert_element_type_16, where, getitem, getitem_1, getitem_6, getitem_7, mm_3, rsqrt_1, view_16, mm_4, mm_5, view_20, add_9, rsqrt_2, view_22, convert_element_type_46, convert_element_type_47, convert_element_type_48, getitem_9, getitem_10, getitem_15, getitem_16, add_13, rsqrt_3, view_34, mm_11, mm_12, view_38, add_16, rsqrt_4, view_40, convert_element_type_78, convert_element_type_79, convert_element_type_80, getitem_18, getitem_19, getitem_24, getitem_25, add_20, rsqrt_5, view_52, mm_18, mm_19, view_56, add_23, rsqrt_6, view_58, convert_element_type_110, convert_element_type_111, convert_element_type_112, getitem_27, getitem_28, getitem_33, getitem_34, add_27, rsqrt_7, view_70, mm_25, mm_26, view_74, add_30, rsqrt_8, view_76, view_77, constant_pad_nd, amax, log, convert_element_type_134, permute_48, permute_52, permute_56, permute_60, permute_64, permute_70, permute_75, permute_80, permute_84, permute_88, permute_92, permute_96, permute_102, permute_107, permute_112, permute_116, permute_120, permute_124, permute_128, permute_134, permute_139, permute_144, permute_148, permute_152, permute_156, permute_160, permute_166, permute_171, permute_176, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6, tangents_7, tangents_8, tangents_9, tangents_10]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
