#pragma once
// A target check as a table: one row per tool (Python, torch, CUDA, nsys, ncu, OpScope's CLI) with
// found / missing, its version and where it is, or the problem and its fix.

#include "opscope/remote.h"

#include <QTreeWidget>

namespace opscope::ui {

class CheckView : public QTreeWidget {
    Q_OBJECT
public:
    explicit CheckView(QWidget *parent = nullptr);

    // Shows the tools of `check` named in `only` (all when empty), in the check's order.
    void setCheck(const remote::TargetCheck &check, const std::vector<std::string> &only = {});
    // A line instead of the table's rows ("Checking...", "Press Check").
    void setPlaceholder(const QString &text);
};

// A tool's name in words ("torch" -> "PyTorch").
QString toolTitle(const std::string &name);

} // namespace opscope::ui
