#pragma once
// The GPU lane of a torch.profiler GPU annotation (RangeKind::GpuUserAnnotation, a range with no thread):
// its domain names the lane as the importer wrote it, "GPU 0 stream 7".

#include <cstdint>
#include <string>
#include <string_view>

namespace opscope {

// The lane's device and stream; false for any other text.
bool gpuAnnotationLane(std::string_view domain, int32_t &device, uint32_t &stream);
// The same domain on another device (ranks merged into one profile renumber their devices).
std::string gpuAnnotationDomainOn(std::string_view domain, int32_t device);

} // namespace opscope
