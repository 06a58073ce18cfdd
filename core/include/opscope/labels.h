#pragma once
// What a range's text says: a module label from the launcher ("blocks.3.attn[Attention]", the root
// "[GPT]" with the empty path), an
// operator range from emit_nvtx ("aten::addmm, op_id = 17, sizes = [[2304], ...], input_op_ids = ..."),
// or something else (CAPTURE, ProfilerStep#3, user ranges).

#include <cstdint>
#include <string>
#include <string_view>

namespace opscope {

struct RangeLabel {
    enum class Kind { Other, Module, Operator };
    Kind kind = Kind::Other;
    std::string_view name;           // module path ("blocks.3.attn", "" for the root) or operator name ("aten::addmm")
    std::string_view cls;            // module class ("Attention")
    std::string_view shapes;         // operator input shapes ("[[2304], [2048, 768]]"), may be empty
    int64_t opId = -1;               // emit_nvtx op_id
    int64_t sequenceNr = -1;         // "seq = N" (forward) or "stashed seq = N" (backward)
    bool recordFunctionEcho = false; // a module label re-emitted by emit_nvtx as "label, op_id = N"
};

// Parses a range text. The views point into `text`. Without `details`, only kind, name, cls and
// recordFunctionEcho are set (an operator's op_id, sequence number and shapes are not read).
RangeLabel parseRangeLabel(std::string_view text, bool details = true);

// A kernel name reduced for matching across tools: demanglers disagree on spaces ("char *" vs
// "char*") and on anonymous namespaces ("(anonymous namespace)" vs "<unnamed>").
std::string normalizeKernelName(std::string_view name);

// The kernel's function name without return type, namespaces, template arguments and parameters
// ("void at::native::vectorized_gather_kernel<(int)16, long>(char *, ...)" -> "vectorized_gather_kernel").
// Tools disagree on everything else: ncu drops inline namespaces, nsys writes "(int)16", torch.profiler
// resolves template parameters.
std::string kernelBaseName(std::string_view name);

} // namespace opscope
