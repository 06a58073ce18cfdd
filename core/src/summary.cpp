#include "opscope/summary.h"

#include <set>
#include <sstream>

namespace opscope {

nlohmann::ordered_json summaryJson(const Profile &p)
{
    nlohmann::ordered_json out;
    out["source_format"] = p.source_format;
    out["source_path"] = p.source_path;
    nlohmann::ordered_json meta = nlohmann::ordered_json::object();
    for (const auto &[key, value] : p.metadata)
        meta[key] = value;
    out["metadata"] = meta;
    out["kernel_count"] = p.kernels.size();
    out["operator_count"] = p.operators.size();
    out["module_count"] = p.modules.size();
    out["unattributed_kernel_count"] = p.unattributedKernelCount();
    out["total_kernel_time_ns"] = p.totalKernelTimeNs();
    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    for (const Device &d : p.devices)
        devices.push_back(p.text(d.name));
    out["device_names"] = devices;
    out["metric_count"] = p.metrics.size();
    out["kernel_counter_count"] = p.kernel_counters.size();
    out["warning_count"] = p.warnings.size();
    out["warnings"] = p.warnings;
    return out;
}

std::string summaryText(const Profile &p)
{
    std::ostringstream out;
    out << "Source:        " << p.source_path << " (" << p.source_format << ")\n";
    for (const auto &[key, value] : p.metadata)
        out << "  " << key << ": " << value << "\n";
    for (const Device &d : p.devices)
        out << "Device " << d.id << ":      " << p.text(d.name) << "\n";
    out << "Kernels:       " << p.kernels.size() << " (" << p.unattributedKernelCount() << " unattributed)\n";
    out << "Kernel time:   " << p.totalKernelTimeNs() << " ns\n";
    out << "Operators:     " << p.operators.size() << "\n";
    out << "Modules:       " << p.modules.size() << "\n";
    out << "Metrics:       " << p.metrics.size() << " distinct, " << p.kernel_counters.size() << " kernel values\n";
    out << "Warnings:      " << p.warnings.size() << "\n";
    return out.str();
}

} // namespace opscope
