#include "wizard_actions.h"

#include "common/qt_text.h"
#include "main_window.h"
#include "models/model_roles.h"
#include "models/module_tree_model.h"
#include "models/operator_table_model.h"
#include "models/profile_analysis.h"
#include "models/sort_filter_proxy.h"
#include "sweep_actions.h"
#include "views/module_tree_view.h"
#include "views/operator_table_view.h"
#include "wizards/capture_wizard.h"
#include "wizards/replay_page.h"
#include "wizards/replay_wizard.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QRegularExpression>
#include <QTreeView>

namespace opscope::ui {

namespace {

// A name as a regular expression that matches it literally (ncu's regex syntax: only the
// metacharacters are escaped, so "aten::linear" stays readable).
QString literalRegex(const QString &text)
{
    static const QString special = QStringLiteral(".^$|?*+()[]{}\\");
    QString out;
    for (const QChar c : text) {
        if (special.contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

void openWizard(MainWindow *window, RunWizard *wizard)
{
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(wizard, &RunWizard::profileReady, window,
                     [window](const QString &path) { window->openFile(path); });
    QObject::connect(wizard, &RunWizard::sweepReady, window,
                     [window](const QString &dir) { openSweepWindow(window, dir); });
    wizard->show();
}

void deepDiveOn(MainWindow *window, const Selection::State &state)
{
    const ProfileAnalysis *analysis = window->analysis();
    if (!analysis)
        return;
    if (const auto dive = deepDiveFor(*analysis, state))
        showReplayWizard(window, dive);
}

// Why Deep Dive cannot run on `state` now, empty when it can: it replays the run folder the open profile
// was imported into, on what the selection stands for.
QString deepDiveBlocker(MainWindow *window, const Selection::State &state)
{
    const ProfileAnalysis *analysis = window->analysis();
    if (!analysis)
        return QObject::tr("Deep Dive replays a capture run under ncu: open a profile made by File > New Capture "
                           "first.");
    if (runFolderOfProfile(window->profilePath()).isEmpty())
        return QObject::tr("Deep Dive replays the capture run a profile came from, and %1 was not made by one "
                           "(no manifest.json beside it). Capture the workload with File > New Capture to deep-dive "
                           "on its modules and operators.")
            .arg(QFileInfo(window->profilePath()).fileName());
    if (!deepDiveFor(*analysis, state))
        return QObject::tr("Select a module, operator or kernel to deep-dive on.");
    return {};
}

// A context menu with "Deep dive" on the rows of a data view (`stateAt` says what a row stands for),
// above the view's own actions (Copy, Copy Table, Export as CSV: common/table_export.h).
template <typename View, typename StateAt> void addDeepDiveMenu(MainWindow *window, View *view, StateAt stateAt)
{
    QTreeView *tree = view->view();
    tree->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(tree, &QTreeView::customContextMenuRequested, view, [window, view, tree, stateAt](QPoint pos) {
        QMenu menu(tree);
        menu.setToolTipsVisible(true); // the tooltip says why a greyed-out entry is
        const QModelIndex index = tree->indexAt(pos);
        const ProfileAnalysis *analysis = window->analysis();
        const std::optional<Selection::State> state =
            index.isValid() && analysis ? stateAt(view->proxy()->mapToSource(index.siblingAtColumn(0))) : std::nullopt;
        if (const auto dive = state ? deepDiveFor(*analysis, *state) : std::nullopt) {
            QAction *action = menu.addAction(QObject::tr("Deep dive on %1 (replay with ncu)...").arg(dive->subject));
            const QString blocker = deepDiveBlocker(window, *state);
            action->setEnabled(blocker.isEmpty());
            action->setToolTip(blocker);
            QObject::connect(action, &QAction::triggered, window, [window, dive] { showReplayWizard(window, dive); });
            menu.addSeparator();
        }
        menu.addActions(tree->actions());
        menu.exec(tree->viewport()->mapToGlobal(pos));
    });
}

} // namespace

std::optional<DeepDive> deepDiveFor(const ProfileAnalysis &a, const Selection::State &state)
{
    if (!a.profile)
        return std::nullopt;
    const Profile &p = *a.profile;
    const auto moduleLabel = [&](int node) {
        const ModuleNode &n = a.tree.nodes[size_t(node)];
        return toQString(n.path + "[" + n.className + "]");
    };
    DeepDive dive;
    switch (state.kind) {
    case Selection::Kind::None:
        return std::nullopt;
    case Selection::Kind::Module:
        if (state.index >= a.tree.nodes.size())
            return std::nullopt;
        dive.subject = moduleLabel(int(state.index));
        dive.nvtxInclude << dive.subject;
        break;
    case Selection::Kind::Group: {
        if (state.index >= a.tree.groups.size())
            return std::nullopt;
        const DedupGroup &g = a.tree.groups[state.index];
        dive.subject = toQString(g.name + "[" + g.className + "]");
        dive.nvtxInclude << dive.subject; // blocks.*[Block]: every member's range
        dive.dedup = true;
        break;
    }
    case Selection::Kind::Operator: {
        if (state.index >= p.operators.size())
            return std::nullopt;
        dive.subject = toQString(p.text(p.operators[state.index].name));
        // emit_nvtx names the range "aten::linear, seq = 12, op_id = ..., sizes = [...]"; push/pop: trailing '/'.
        dive.nvtxInclude << QStringLiteral("regex:^%1,.*/").arg(literalRegex(dive.subject));
        dive.dedup = true; // the op in one layer of each group stands for the others
        break;
    }
    case Selection::Kind::Kernel: {
        if (state.index >= p.kernels.size())
            return std::nullopt;
        dive.subject = toQString(p.kernelDisplayName(state.index));
        dive.kernelRegex = QStringLiteral(".*%1.*").arg(literalRegex(dive.subject));
        if (const int node = a.nodeOfKernel(state.index); node >= 0)
            dive.nvtxInclude << moduleLabel(node);
        break;
    }
    }
    return dive;
}

QString runFolderOfProfile(const QString &profilePath)
{
    if (profilePath.isEmpty())
        return {};
    const QFileInfo file(profilePath);
    const QDir folder = file.absoluteDir();
    return folder.exists(QStringLiteral("manifest.json")) ? folder.absolutePath() : QString();
}

CaptureWizard *showCaptureWizard(MainWindow *window)
{
    auto *wizard = new CaptureWizard(window);
    wizard->setWindowFlag(Qt::Window);
    openWizard(window, wizard);
    return wizard;
}

ReplayWizard *showReplayWizard(MainWindow *window, const std::optional<DeepDive> &dive)
{
    auto *wizard = new ReplayWizard(runFolderOfProfile(window->profilePath()), window);
    wizard->setWindowFlag(Qt::Window);
    if (dive) {
        wizard->setWindowTitle(QObject::tr("Deep Dive: %1").arg(dive->subject));
        wizard->replayPage()->prefill(dive->nvtxInclude, dive->kernelRegex, dive->metricSet, dive->dedup);
    }
    openWizard(window, wizard);
    return wizard;
}

void installCaptureActions(MainWindow *window, QMenu *fileMenu)
{
    fileMenu->addSeparator();
    QAction *capture =
        fileMenu->addAction(QObject::tr("New &Capture..."), window, [window] { showCaptureWizard(window); });
    capture->setObjectName(QStringLiteral("newCaptureAction"));
    capture->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+N")));
    QAction *replay =
        fileMenu->addAction(QObject::tr("Re&play Capture..."), window, [window] { showReplayWizard(window); });
    replay->setObjectName(QStringLiteral("replayCaptureAction"));
    QAction *dive = fileMenu->addAction(QObject::tr("&Deep Dive on Selection..."), window,
                                        [window] { deepDiveOn(window, window->selection()->state()); });
    dive->setObjectName(QStringLiteral("deepDiveAction"));
    dive->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+D")));
    fileMenu->setToolTipsVisible(true);
    const QString enabledTip = QObject::tr("Replay the selected module, operator or kernel under ncu with the "
                                           "detailed metric set");
    const auto updateDive = [window, dive, enabledTip] {
        // Greyed out, it says why (tooltip in the menu, status tip in the status bar).
        const QString blocker = deepDiveBlocker(window, window->selection()->state());
        dive->setEnabled(blocker.isEmpty());
        dive->setToolTip(blocker.isEmpty() ? enabledTip : blocker);
        dive->setStatusTip(dive->toolTip());
    };
    updateDive();
    QObject::connect(window->selection(), &Selection::changed, dive, updateDive);
    QObject::connect(window, &MainWindow::openFinished, dive, updateDive);

    addDeepDiveMenu(window, window->moduleTree(), [](const QModelIndex &source) -> std::optional<Selection::State> {
        Selection::State s;
        const bool group = ModuleTreeModel::ItemKind(source.data(KindRole).toInt()) == ModuleTreeModel::ItemKind::Group;
        s.kind = group ? Selection::Kind::Group : Selection::Kind::Module;
        s.index = Index(source.data(IdRole).toInt());
        return s;
    });
    OperatorTableView *operators = window->operatorTable();
    addDeepDiveMenu(window, operators, [operators](const QModelIndex &source) -> std::optional<Selection::State> {
        if (source.row() < 0 || source.row() >= operators->model()->rowCount())
            return std::nullopt;
        const OperatorRow &row = operators->model()->operatorRow(source.row());
        if (row.operators.empty())
            return std::nullopt;
        Selection::State s;
        s.kind = Selection::Kind::Operator;
        s.index = row.operators.front();
        s.allCalls = true;
        s.grouping = operators->model()->grouping();
        return s;
    });
}

} // namespace opscope::ui
