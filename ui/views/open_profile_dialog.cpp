#include "views/open_profile_dialog.h"

#include <QGuiApplication>
#include <QHeaderView>
#include <QScreen>
#include <QTreeView>

#include <algorithm>

namespace opscope::ui {

OpenProfileDialog::OpenProfileDialog(const QString &folder, QWidget *parent)
    : QFileDialog(parent, tr("Open profile"), folder,
                  tr("Profiles (*.opscope *.json *.json.gz *.sqlite *.nsys-rep *.csv *.ncu-rep);;All files (*)"))
{
    setObjectName(QStringLiteral("openProfileDialog"));
    setFileMode(QFileDialog::ExistingFiles);
    setAcceptMode(QFileDialog::AcceptOpen);
    setViewMode(QFileDialog::Detail);
    // Two thirds of the screen, within reason: room for long names and their size and date.
    const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const QSize available = screen ? screen->availableSize() : QSize(1600, 1000);
    resize(std::clamp(available.width() * 2 / 3, std::min(1000, available.width()), 1400),
           std::clamp(available.height() * 2 / 3, std::min(600, available.height()), 900));
}

void OpenProfileDialog::showEvent(QShowEvent *event)
{
    QFileDialog::showEvent(event);
    // Qt's widget dialog only (a native one has no such child): the name takes what size, type and
    // date leave, and those fit their content.
    if (auto *details = findChild<QTreeView *>(QStringLiteral("treeView"))) {
        QHeaderView *header = details->header();
        header->setStretchLastSection(false);
        header->setSectionResizeMode(0, QHeaderView::Stretch);
        for (int c = 1; c < header->count(); ++c)
            header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    }
}

} // namespace opscope::ui
