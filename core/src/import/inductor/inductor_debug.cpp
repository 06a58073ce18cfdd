// Inductor debug output (TORCH_COMPILE_DEBUG=1), the KernelMap role of a capture's files (importer.h):
// output_code.py names the aten ops each generated Triton kernel fuses; the map gives them to the kernels.
#include "opscope/capture_import.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

namespace opscope {

namespace fs = std::filesystem;

bool isInductorDebugDir(const std::string &path)
{
    std::error_code ec;
    if (!fs::is_directory(path, ec))
        return false;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec)
            break;
        if (it->path().filename() == "output_code.py")
            return true;
    }
    return false;
}

InductorKernelMap readInductorDebugDir(const std::string &path)
{
    InductorKernelMap map;
    if (!isDirectory(path))
        throw FileError(path, "not a folder");
    // The comment names the aten ops; the next "<kernel>.run(" or "<kernel> = async_compile.triton(" names the kernel.
    static const std::regex atenComment(R"(Original ATen:\s*\[([^\]]*)\])");
    static const std::regex kernelUse(R"(^\s*(triton_\w+)(?:\.run\(|\s*=\s*async_compile\.triton\())");
    std::error_code ec;
    size_t files = 0;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec || it->path().filename() != "output_code.py")
            continue;
        ++files;
        std::ifstream in(it->path());
        std::string line;
        std::vector<std::string> pending;
        while (std::getline(in, line)) {
            std::smatch m;
            if (line.size() < 4096 && std::regex_search(line, m, atenComment)) {
                pending.clear();
                const std::string list = m[1].str();
                size_t start = 0;
                while (start < list.size()) {
                    size_t end = list.find(',', start);
                    if (end == std::string::npos)
                        end = list.size();
                    std::string op = list.substr(start, end - start);
                    op.erase(0, op.find_first_not_of(' '));
                    op.erase(op.find_last_not_of(' ') + 1);
                    if (const auto dot = op.find('.'); dot != std::string::npos)
                        op = op.substr(0, dot) + "::" + op.substr(dot + 1); // aten.add -> aten::add
                    if (!op.empty())
                        pending.push_back(op);
                    start = end + 1;
                }
            } else if (!pending.empty() && line.size() < 4096 && std::regex_search(line, m, kernelUse)) {
                auto &ops = map[m[1].str()];
                for (const auto &op : pending)
                    if (std::find(ops.begin(), ops.end(), op) == ops.end())
                        ops.push_back(op);
                pending.clear();
            }
        }
    }
    if (files == 0)
        throw FileError(path, "no output_code.py below this folder: not an Inductor debug directory "
                              "(run with TORCH_COMPILE_DEBUG=1)");
    return map;
}

size_t applyInductorMap(Profile &p, const InductorKernelMap &map)
{
    size_t touched = 0;
    std::set<std::pair<Index, StringId>> fused([&] {
        std::set<std::pair<Index, StringId>> s;
        for (const FusedName &f : p.fused_with)
            s.emplace(f.op, f.name);
        return s;
    }());
    for (Index k = 0; k < p.kernels.size(); ++k) {
        Kernel &kernel = p.kernels[k];
        auto it = map.find(std::string(p.text(kernel.name)));
        if (it == map.end() || it->second.empty())
            continue;
        if (kernel.op == kNoIndex) {
            // No operator launched it on record: the fusion map names one.
            Operator op;
            op.start_ns = kernel.start_ns;
            op.end_ns = kernel.end_ns;
            op.name = p.intern(it->second.front());
            op.module = kernel.module;
            op.thread = kernel.launch_thread;
            p.operators.push_back(op);
            kernel.op = Index(p.operators.size() - 1);
        }
        Operator &op = p.operators[kernel.op];
        op.flags |= kOperatorFused;
        for (const std::string &name : it->second) {
            const StringId id = p.intern(name);
            if (fused.emplace(kernel.op, id).second)
                p.fused_with.push_back({kernel.op, id});
        }
        kernel.method = AttributionMethod::InductorFusion;
        kernel.confidence = Confidence::Medium;
        kernel.unattributed_reason = kNoString;
        ++touched;
    }
    return touched;
}

} // namespace opscope
