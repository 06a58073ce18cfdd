// The names of collectives and nccl-tests' figures of their kinds (collective_names.h, docs/ranks.md).
#include "opscope/collective_names.h"

#include <cctype>
#include <string>

namespace opscope {

namespace {

std::string lowerLetters(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (std::isalpha(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Collective kernels outside NCCL, by the letters of their names (lower case, no digits or underscores):
// they read and write the peers' buffers directly over NVLink and carry no NCCL name or metadata.
struct CustomCollective {
    std::string_view letters;
    CollectiveKind kind;
};
constexpr CustomCollective kCustomCollectives[] = {
    // PyTorch's symmetric memory (torch.ops.symm_mem.*: one_shot_all_reduce_kernel, ...)
    {"oneshotallreduce", CollectiveKind::AllReduce},
    {"twoshotallreduce", CollectiveKind::AllReduce},
    {"multimemallreduce", CollectiveKind::AllReduce},
    {"multimemoneshotallreduce", CollectiveKind::AllReduce},
    {"multimemallgather", CollectiveKind::AllGather},
    // vLLM's and SGLang's custom all-reduce (cross_device_reduce_1stage / _2stage)
    {"crossdevicereduce", CollectiveKind::AllReduce},
    // TensorRT-LLM's custom all-reduce (oneShotAllReduceKernel, twoShotAllReduceKernel: matched above) and
    // its fused all-reduce as FlashInfer ships it (allreduce_fusion_kernel_*)
    {"allreducefusionkernel", CollectiveKind::AllReduce},
};

const CustomCollective *customCollective(std::string_view name)
{
    // Every name in the list holds "reduce" or "gather" in some case: most kernels are ruled out here,
    // without a copy (this runs for every kernel of a profile).
    if (name.find("educe") == std::string_view::npos && name.find("ather") == std::string_view::npos)
        return nullptr;
    // The function's name, not its template and call arguments (which name types such as "allgather").
    constexpr std::string_view kAnonymous = "(anonymous namespace)::";
    std::string function(name);
    for (size_t at; (at = function.find(kAnonymous)) != std::string::npos;)
        function.erase(at, kAnonymous.size());
    const std::string letters = lowerLetters(std::string_view(function).substr(0, function.find_first_of("<(")));
    for (const CustomCollective &c : kCustomCollectives)
        if (letters.find(c.letters) != std::string::npos)
            return &c;
    return nullptr;
}

} // namespace

std::string_view toString(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce:
        return "all-reduce";
    case CollectiveKind::AllGather:
        return "all-gather";
    case CollectiveKind::ReduceScatter:
        return "reduce-scatter";
    case CollectiveKind::Broadcast:
        return "broadcast";
    case CollectiveKind::Reduce:
        return "reduce";
    case CollectiveKind::AllToAll:
        return "all-to-all";
    case CollectiveKind::SendRecv:
        return "send/recv";
    case CollectiveKind::Other:
        break;
    }
    return "other";
}

bool isNcclKernelName(std::string_view name)
{
    return name.starts_with("ncclDevKernel_") || name.starts_with("ncclKernel_");
}

bool isCollectiveKernelName(std::string_view name)
{
    return isNcclKernelName(name) || customCollective(name) != nullptr;
}

bool isCollectiveOpName(std::string_view name)
{
    return name.starts_with("gloo:") || name.starts_with("nccl:");
}

CollectiveKind collectiveKindOf(std::string_view name)
{
    if (const CustomCollective *c = customCollective(name))
        return c->kind;
    if (isNcclKernelName(name)) { // ncclDevKernel_AllReduce_Sum_f32_RING_LL(...): the word after the prefix
        name.remove_prefix(name.find('_') + 1);
        name = name.substr(0, name.find('_'));
    } else if (const size_t colon = name.rfind(':'); colon != std::string_view::npos) {
        name.remove_prefix(colon + 1); // gloo:all_reduce, c10d::allreduce_
    }
    const std::string w = lowerLetters(name);
    if (w.find("reducescatter") != std::string::npos)
        return CollectiveKind::ReduceScatter;
    if (w.find("allreduce") != std::string::npos)
        return CollectiveKind::AllReduce;
    if (w.find("allgather") != std::string::npos)
        return CollectiveKind::AllGather;
    if (w.find("alltoall") != std::string::npos)
        return CollectiveKind::AllToAll;
    if (w.find("broadcast") != std::string::npos)
        return CollectiveKind::Broadcast;
    if (w.find("sendrecv") != std::string::npos || w == "send" || w == "recv" || w == "sendrecv")
        return CollectiveKind::SendRecv;
    if (w.find("reduce") != std::string::npos)
        return CollectiveKind::Reduce;
    return CollectiveKind::Other;
}

double busBandwidthFactor(CollectiveKind kind, int n)
{
    if (n <= 0)
        return 1.0;
    switch (kind) {
    case CollectiveKind::AllReduce:
        return 2.0 * (n - 1) / n;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll:
        return double(n - 1) / n;
    default:
        return 1.0;
    }
}

int dtypeBytes(std::string_view dtype)
{
    std::string d; // "BFloat16" -> "bfloat16", "torch.float32" -> "torchfloat32"
    for (char c : dtype)
        if (std::isalnum(static_cast<unsigned char>(c)))
            d += char(std::tolower(static_cast<unsigned char>(c)));
    if (d.starts_with("torch"))
        d.erase(0, 5);
    if (d == "double" || d == "long" || d == "int64" || d == "float64" || d == "complexfloat")
        return 8;
    if (d == "float" || d == "int" || d == "int32" || d == "float32")
        return 4;
    if (d == "half" || d == "bfloat16" || d == "short" || d == "int16" || d == "float16")
        return 2;
    if (d == "byte" || d == "char" || d == "bool" || d == "int8" || d == "uint8" || d.starts_with("floate"))
        return 1;
    return 0;
}

} // namespace opscope
