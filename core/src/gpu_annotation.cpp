// GPU annotation lanes (gpu_annotation.h).
#include "opscope/gpu_annotation.h"

#include <charconv>
#include <climits>

namespace opscope {

bool gpuAnnotationLane(std::string_view domain, int32_t &device, uint32_t &stream)
{
    auto numberAfter = [&](std::string_view key, int64_t &value) {
        const size_t at = domain.find(key);
        if (at == std::string_view::npos)
            return false;
        const std::string_view rest = domain.substr(at + key.size());
        const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
        return error == std::errc() && end != rest.data();
    };
    int64_t d = 0, s = 0;
    if (!domain.starts_with("GPU ") || !numberAfter("GPU ", d) || !numberAfter("stream ", s) || d < 0 || s < 0 ||
        d > INT32_MAX || s > UINT32_MAX)
        return false;
    device = int32_t(d);
    stream = uint32_t(s);
    return true;
}

std::string gpuAnnotationDomainOn(std::string_view domain, int32_t device)
{
    constexpr std::string_view kPrefix = "GPU ";
    size_t digits = kPrefix.size();
    while (digits < domain.size() && domain[digits] >= '0' && domain[digits] <= '9')
        ++digits;
    return std::string(kPrefix) + std::to_string(device) + std::string(domain.substr(digits));
}

} // namespace opscope
