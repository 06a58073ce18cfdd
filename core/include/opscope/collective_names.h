#pragma once
// What makes a kernel or an operator a collective, and nccl-tests' figures of a collective's kind
// (docs/ranks.md, "Collectives as operators"): NCCL's kernel names, the custom all-reduce and all-gather
// kernels outside NCCL, gloo's and c10d's op names, Kineto's "Collective name" and "dtype" spellings.
// The tables live in analysis/collective_names.cpp; ranks.h builds the collectives of a profile on them.

#include <cstdint>
#include <string_view>

namespace opscope {

enum class CollectiveKind : uint8_t {
    Other = 0,
    AllReduce,
    AllGather,
    ReduceScatter,
    Broadcast,
    Reduce,
    AllToAll,
    SendRecv, // send, recv and NCCL's fused SendRecv kernels
};
std::string_view toString(CollectiveKind kind);
// The kind a kernel or op name (ncclDevKernel_AllReduce_..., gloo:all_reduce) or Kineto's
// "Collective name" ("allreduce", "_allgather_base", "reduce_scatter_tensor_coalesced") names.
CollectiveKind collectiveKindOf(std::string_view name);
// True for an NCCL kernel name (ncclDevKernel_* of NCCL >= 2.19, ncclKernel_* before).
bool isNcclKernelName(std::string_view name);
// True for a kernel that is a collective by itself: NCCL's, and the custom all-reduce and all-gather
// kernels that carry no NCCL name or metadata (PyTorch's symmetric memory, vLLM's and SGLang's
// cross_device_reduce, TensorRT-LLM's and FlashInfer's; the list is in collective_names.cpp).
// collectiveKindOf gives their kind.
bool isCollectiveKernelName(std::string_view name);
// True for the op a CPU backend runs a collective as (gloo:all_reduce, nccl:all_reduce): a rank without
// GPU collectives has these as its communication.
bool isCollectiveOpName(std::string_view name);
// nccl-tests' bus bandwidth factor for `n` ranks: 2(n-1)/n all-reduce, (n-1)/n all-gather and
// reduce-scatter (and all-to-all), 1 broadcast, reduce, send/recv.
double busBandwidthFactor(CollectiveKind kind, int n);
// Bytes of one element of a Kineto "dtype" (Float 4, Half/BFloat16 2, ...); 0 when unknown.
int dtypeBytes(std::string_view dtype);

} // namespace opscope
