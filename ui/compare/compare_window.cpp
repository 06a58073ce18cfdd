#include "compare/compare_window.h"

#include "common/settings.h"
#include "compare/compare_loader.h"
#include "compare/compare_memory.h"
#include "compare/compare_roofline.h"
#include "compare/compare_summary.h"
#include "compare/compare_timelines.h"
#include "compare/diff_counter_panel.h"
#include "compare/diff_kernel_model.h"
#include "compare/diff_module_model.h"
#include "compare/diff_operator_model.h"
#include "compare/diff_table_view.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace opscope::ui {

namespace {

// The timeline event that stands for a module row on one side: the range of the module's first call
// (the band the timeline shows for it).
EventRef moduleEvent(const Comparison &c, Side side, int node)
{
    const ModuleTree &tree = side == Side::Before ? c.diff.beforeTree : c.diff.afterTree;
    if (node < 0 || size_t(node) >= tree.nodes.size() || tree.nodes[size_t(node)].instances.empty())
        return {};
    const Index range = c.profile(side).modules[tree.nodes[size_t(node)].instances.front()].range;
    return range != kNoIndex ? EventRef{EventKind::Range, range} : EventRef{};
}

// The module row of a range a timeline selected: the row of the module call read from that range.
int moduleRowOfRange(const Comparison &c, Side side, Index range)
{
    const Profile &p = c.profile(side);
    const ModuleTree &tree = side == Side::Before ? c.diff.beforeTree : c.diff.afterTree;
    for (Index m = 0; m < p.modules.size(); ++m)
        if (p.modules[m].range == range)
            return c.moduleRowOfNode(side, tree.nodeOf(m));
    return -1;
}

} // namespace

CompareWindow::CompareWindow(QWidget *parent)
    : QMainWindow(parent), loader_(new CompareLoader(this)), selection_(new DiffSelection(this)),
      statusLabel_(new QLabel(tr("No comparison"), this)), progressBar_(new QProgressBar(this)),
      cancelButton_(new QPushButton(tr("Cancel"), this))
{
    setWindowTitle(tr("Compare — OpScope"));
    resize(1600, 1000);
    buildViews();
    // Ctrl+W closes this window as it closes a document window elsewhere (the window has no menu
    // bar, so the action lives on the window itself).
    auto *closeAction = new QAction(tr("&Close"), this);
    closeAction->setObjectName(QStringLiteral("closeCompareAction"));
    // Ctrl+W everywhere (the platform's Close may be only Ctrl+F4), and the platform's keys too.
    QList<QKeySequence> closeKeys{QKeySequence(Qt::CTRL | Qt::Key_W)};
    for (const QKeySequence &key : QKeySequence::keyBindings(QKeySequence::Close))
        if (!closeKeys.contains(key))
            closeKeys << key;
    closeAction->setShortcuts(closeKeys);
    closeAction->setShortcutContext(Qt::WindowShortcut);
    connect(closeAction, &QAction::triggered, this, &QWidget::close);
    addAction(closeAction);

    statusBar()->addWidget(statusLabel_, 1);
    progressBar_->setRange(0, 1000);
    progressBar_->setMaximumWidth(300);
    progressBar_->hide();
    cancelButton_->hide();
    statusBar()->addPermanentWidget(progressBar_);
    statusBar()->addPermanentWidget(cancelButton_);
    connect(cancelButton_, &QPushButton::clicked, this, &CompareWindow::cancel);
    connect(loader_, &CompareLoader::progress, this, [this](double fraction, const QString &stage) {
        progressBar_->setValue(int(fraction * 1000));
        progressBar_->setFormat(stage + QStringLiteral(" %p%"));
    });
    connect(loader_, &CompareLoader::finished, this, &CompareWindow::onFinished);
    connect(loader_, &CompareLoader::failed, this, &CompareWindow::onFailed);
    connect(loader_, &CompareLoader::cancelled, this, [this] {
        progressBar_->hide();
        cancelButton_->hide();
        statusLabel_->setText(comparison_ ? tr("Comparison cancelled; still showing the previous one")
                                          : tr("Comparison cancelled"));
        emit comparisonFinished(false, tr("cancelled"));
    });
    restoreGeometry(settings::read(settings::compare::geometry));
}

CompareWindow::~CompareWindow()
{
    settings::write(settings::compare::geometry, saveGeometry());
}

void CompareWindow::buildViews()
{
    summary_ = new CompareSummary(this);
    timelines_ = new CompareTimelines(this);
    modules_ = new DiffTableView(selection_, new DiffModuleModel, this);
    operators_ = new DiffTableView(selection_, new DiffOperatorModel, this);
    kernels_ = new DiffTableView(selection_, new DiffKernelModel, this);
    // Operator and kernel tables start without the rows that have no GPU time (views, reshapes).
    operators_->onlyTimedBox()->setChecked(true);
    kernels_->onlyTimedBox()->setChecked(true);
    operators_->view()->setRootIsDecorated(false);
    kernels_->view()->setRootIsDecorated(false);
    operators_->view()->setColumnHidden(DiffOperatorModel::ShapesColumn, true);
    modules_->view()->setProperty("exportName", QStringLiteral("compare-modules"));
    operators_->view()->setProperty("exportName", QStringLiteral("compare-operators"));
    kernels_->view()->setProperty("exportName", QStringLiteral("compare-kernels"));
    counters_ = new DiffCounterPanel(selection_, this);
    roofline_ = new CompareRoofline(this);
    memory_ = new CompareMemory(this);

    tableTabs_ = new QTabWidget(this);
    tableTabs_->addTab(operators_, tr("&Operators"));
    tableTabs_->addTab(modules_, tr("&Modules"));
    tableTabs_->addTab(kernels_, tr("&Kernels"));
    tableTabs_->addTab(memory_, tr("M&emory"));
    detailTabs_ = new QTabWidget(this);
    detailTabs_->addTab(counters_, tr("&Counters"));
    detailTabs_->addTab(roofline_, tr("&Roofline"));

    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(tableTabs_);
    bottom->addWidget(detailTabs_);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(timelines_);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 4);
    // The summary keeps its full height above the splitter: its lists are the way in.
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(summary_);
    layout->addWidget(split, 1);
    setCentralWidget(central);

    connect(selection_, &DiffSelection::changed, this, &CompareWindow::followSelection);
    connect(summary_, &CompareSummary::rowActivated, this, [this](DiffLevel level, int row) {
        selection_->set(level, row);
        tableTabs_->setCurrentWidget(level == DiffLevel::Module     ? modules_
                                     : level == DiffLevel::Operator ? operators_
                                                                    : kernels_);
    });
    connect(roofline_, &CompareRoofline::rowActivated, selection_, &DiffSelection::set);
    for (int s = 0; s < 2; ++s)
        connect(timelines_->timeline(Side(s)), &TimelineView::selectionChanged, this,
                [this, s] { onTimelineSelection(Side(s)); });
}

bool CompareWindow::isLoading() const
{
    return loader_->isLoading();
}

void CompareWindow::cancel()
{
    loader_->cancel();
}

void CompareWindow::startLoading(const QString &what)
{
    statusLabel_->setText(tr("Comparing %1...").arg(what));
    progressBar_->setValue(0);
    progressBar_->show();
    cancelButton_->show();
}

void CompareWindow::compare(const QStringList &beforePaths, const QStringList &afterPaths)
{
    startLoading(
        tr("%1 with %2").arg(QFileInfo(beforePaths.value(0)).fileName(), QFileInfo(afterPaths.value(0)).fileName()));
    loader_->compare(beforePaths, afterPaths);
}

void CompareWindow::compareWith(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                                const QStringList &afterPaths)
{
    startLoading(tr("%1 with the open profile").arg(QFileInfo(beforePaths.value(0)).fileName()));
    loader_->compareWith(beforePaths, std::move(after), afterPaths);
}

void CompareWindow::compareRanks(std::shared_ptr<const Profile> job, int before, int after)
{
    startLoading(tr("rank %1 with rank %2").arg(before).arg(after));
    loader_->compareRanks(std::move(job), before, after);
}

void CompareWindow::onFinished(std::shared_ptr<const Comparison> comparison)
{
    progressBar_->hide();
    cancelButton_->hide();
    selection_->clear();
    comparison_ = std::move(comparison);
    summary_->setComparison(comparison_);
    timelines_->setComparison(comparison_);
    modules_->setComparison(comparison_);
    operators_->setComparison(comparison_);
    kernels_->setComparison(comparison_);
    counters_->setComparison(comparison_);
    roofline_->setComparison(comparison_);
    memory_->setComparison(comparison_);
    setWindowTitle(tr("%1 → %2 — OpScope").arg(comparison_->title(Side::Before), comparison_->title(Side::After)));
    const DiffTotals &t = comparison_->diff.totals;
    statusLabel_->setText(tr("%1 operator rows (%2 matched, %3 added, %4 removed), %5 kernel rows (%6 matched)")
                              .arg(comparison_->diff.operators.size())
                              .arg(t.matchedOperatorRows)
                              .arg(t.addedOperatorRows)
                              .arg(t.removedOperatorRows)
                              .arg(comparison_->diff.kernels.size())
                              .arg(t.matchedKernels));
    emit comparisonFinished(true, QString());
}

void CompareWindow::onFailed(const QString &message)
{
    progressBar_->hide();
    cancelButton_->hide();
    // What was on show stays; say what went wrong with the new pair.
    statusLabel_->setText(comparison_ ? tr("Comparison failed; still showing the previous one")
                                      : tr("Comparison failed"));
    if (QApplication::platformName() != QLatin1String("offscreen"))
        QMessageBox::warning(this, tr("Could not compare"), message);
    emit comparisonFinished(false, message);
}

void CompareWindow::followSelection()
{
    const DiffSelection::State &s = selection_->state();
    roofline_->showSelection(s);
    if (!comparison_)
        return;
    const ProfileDiff &d = comparison_->diff;
    std::array<EventRef, 2> events;
    if (!s.empty()) {
        switch (s.level) {
        case DiffLevel::Kernel: {
            const KernelDiffRow &row = d.kernels[size_t(s.row)];
            if (row.beforeKernel != kNoIndex)
                events[0] = {EventKind::Kernel, row.beforeKernel};
            if (row.afterKernel != kNoIndex)
                events[1] = {EventKind::Kernel, row.afterKernel};
            break;
        }
        case DiffLevel::Operator: {
            const OperatorDiffRow &row = d.operators[size_t(s.row)];
            if (!row.beforeOps.empty())
                events[0] = {EventKind::Operator, row.beforeOps.front()};
            if (!row.afterOps.empty())
                events[1] = {EventKind::Operator, row.afterOps.front()};
            break;
        }
        case DiffLevel::Module: {
            const ModuleDiffRow &row = d.modules[size_t(s.row)];
            events[0] = moduleEvent(*comparison_, Side::Before, row.beforeNode);
            events[1] = moduleEvent(*comparison_, Side::After, row.afterNode);
            break;
        }
        }
    }
    syncing_ = true;
    for (int side = 0; side < 2; ++side) {
        TimelineView *view = timelines_->timeline(Side(side));
        if (events[size_t(side)].valid())
            view->setSelection(events[size_t(side)]);
        else
            view->clearSelection();
    }
    syncing_ = false;
}

void CompareWindow::onTimelineSelection(Side side)
{
    if (syncing_ || !comparison_)
        return;
    const EventRef event = timelines_->timeline(side)->selection();
    int row = -1;
    DiffLevel level = DiffLevel::Kernel;
    switch (event.kind) {
    case EventKind::Kernel:
        row = comparison_->kernelRowOf(side, event.index);
        break;
    case EventKind::Operator:
        level = DiffLevel::Operator;
        row = comparison_->operatorRowOf(side, event.index);
        break;
    case EventKind::Range:
        level = DiffLevel::Module;
        row = moduleRowOfRange(*comparison_, side, event.index);
        break;
    default:
        break;
    }
    // Events outside the comparison (warm-up kernels, API calls) stay a selection of their side only.
    if (row >= 0)
        selection_->set(level, row);
}

} // namespace opscope::ui
