#include "timeline/timeline_labels.h"

#include "common/qt_text.h"

#include "opscope/format.h"
#include "opscope/module_tree.h"
#include "opscope/ranks.h"

namespace opscope::ui {

QString gpuName(const Profile &p, int32_t device)
{
    return QStringLiteral("GPU %1").arg(cudaOrdinal(p, device));
}

QString timelineLabel(const Profile &p, EventRef event)
{
    const Index i = event.index;
    switch (event.kind) {
    case EventKind::Kernel:
        if (i < p.kernels.size())
            return toQString(shortKernelName(p.kernelDisplayName(i), TemplateArguments::Drop));
        break;
    case EventKind::MemoryOp:
        if (i < p.memory_ops.size()) {
            const MemoryOp &m = p.memory_ops[i];
            if (m.kind == MemoryOpKind::Memset)
                return QStringLiteral("Memset");
            switch (m.copy_kind) {
            case 1:
                return QStringLiteral("Memcpy HtoD");
            case 2:
                return QStringLiteral("Memcpy DtoH");
            case 8:
                return QStringLiteral("Memcpy DtoD");
            case 10:
                return QStringLiteral("Memcpy PtoP");
            default:
                return QStringLiteral("Memcpy");
            }
        }
        break;
    case EventKind::Operator:
        if (i < p.operators.size())
            return toQString(p.text(p.operators[i].name));
        break;
    case EventKind::Range:
        if (i < p.ranges.size())
            return toQString(p.text(p.ranges[i].text));
        break;
    case EventKind::ApiCall:
        if (i < p.api_calls.size())
            return toQString(p.text(p.api_calls[i].name));
        break;
    case EventKind::Module:
        if (i < p.modules.size()) { // "optimizer [AdamW]", "backward"
            ModuleNode node;        // labelled as the module tree labels its node
            node.path = p.text(p.modules[i].path);
            node.className = p.text(p.modules[i].class_name);
            return toQString(node.label());
        }
        break;
    case EventKind::None:
        break;
    }
    return {};
}

} // namespace opscope::ui
