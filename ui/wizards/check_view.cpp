#include "wizards/check_view.h"
#include "common/qt_text.h"

#include <QHeaderView>

#include <algorithm>

namespace opscope::ui {

QString toolTitle(const std::string &name)
{
    if (name == "python")
        return QObject::tr("Python");
    if (name == "torch")
        return QObject::tr("PyTorch");
    if (name == "cuda")
        return QObject::tr("CUDA (torch)");
    if (name == "nsys")
        return QObject::tr("Nsight Systems (nsys)");
    if (name == "ncu")
        return QObject::tr("Nsight Compute (ncu)");
    if (name == "opscope")
        return QObject::tr("OpScope CLI");
    if (name == "launcher")
        return QObject::tr("OpScope launcher");
    return toQString(name);
}

CheckView::CheckView(QWidget *parent) : QTreeWidget(parent)
{
    setColumnCount(4);
    setHeaderLabels({tr("Tool"), tr("Found"), tr("Version"), tr("Where / problem")});
    setRootIsDecorated(false);
    setSelectionMode(QAbstractItemView::NoSelection);
    setWordWrap(true);
    header()->setStretchLastSection(true);
    header()->resizeSection(0, 170);
    header()->resizeSection(1, 60);
    header()->resizeSection(2, 170);
    setMinimumHeight(120);
}

void CheckView::setCheck(const remote::TargetCheck &check, const std::vector<std::string> &only)
{
    clear();
    for (const remote::ToolCheck &tool : check.tools) {
        if (!only.empty() && std::find(only.begin(), only.end(), tool.name) == only.end())
            continue;
        auto *item = new QTreeWidgetItem(this);
        item->setData(0, Qt::UserRole, toQString(tool.name));
        item->setText(0, toolTitle(tool.name));
        item->setText(1, tool.found ? tr("yes") : tr("no"));
        item->setForeground(1, tool.found ? QColor(0x1b, 0x7f, 0x2a) : QColor(0xb0, 0x00, 0x20));
        item->setText(2, toQString(tool.version));
        const QString where = toQString(tool.found ? tool.path : tool.problem);
        item->setText(3, where);
        item->setToolTip(3, where);
    }
    if (!check.ok()) {
        auto *item = new QTreeWidgetItem(this);
        item->setText(0, toQString(check.where));
        item->setText(1, tr("error"));
        item->setForeground(1, QColor(0xb0, 0x00, 0x20));
        item->setText(3, toQString(check.error));
        item->setToolTip(3, toQString(check.error));
    }
}

void CheckView::setPlaceholder(const QString &text)
{
    clear();
    auto *item = new QTreeWidgetItem(this);
    item->setText(0, text);
    item->setFirstColumnSpanned(true);
}

} // namespace opscope::ui
