#include "main_window.h"

#include "application.h"
#include "common/qt_text.h"
#include "common/selection.h"
#include "common/settings.h"
#include "common/theme.h"
#include "common/value_format.h"
#include "compare_actions.h"
#include "models/profile_analysis.h"
#include "models/profile_loader.h"
#include "profile_export.h"
#include "sweep_actions.h"
#include "timeline/timeline_find_bar.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "views/counter_panel.h"
#include "views/details_pane.h"
#include "views/import_warnings_bar.h"
#include "views/insights_view.h"
#include "views/kernel_table_view.h"
#include "views/memory_view.h"
#include "views/module_tree_view.h"
#include "views/open_profile_dialog.h"
#include "views/operator_table_view.h"
#include "views/ranks_view.h"
#include "views/roofline_view.h"
#include "wizard_actions.h"

#include "opscope/format.h"
#include "opscope/insights.h"
#include "opscope/ranks.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope::ui {

namespace {

QDockWidget *dock(QMainWindow *window, const QString &title, const QString &name, QWidget *content)
{
    auto *d = new QDockWidget(title, window);
    d->setObjectName(name); // saveState() needs names
    d->setWidget(content);
    return d;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), loader_(new ProfileLoader(this)), exporter_(new ProfileExporter(this)),
      selection_(new Selection(this)), statusLabel_(new QLabel(tr("No profile loaded"), this)),
      progressBar_(new QProgressBar(this)), cancelButton_(new QPushButton(tr("Cancel"), this))
{
    setWindowTitle(tr("OpScope"));
    resize(1600, 1000);
    buildViews();
    buildMenus();

    statusBar()->addWidget(statusLabel_, 1);
    progressBar_->setRange(0, 1000);
    progressBar_->setMaximumWidth(260);
    progressBar_->hide();
    cancelButton_->hide();
    statusBar()->addPermanentWidget(progressBar_);
    statusBar()->addPermanentWidget(cancelButton_);
    connect(cancelButton_, &QPushButton::clicked, this, [this] {
        if (exporter_->isRunning())
            exporter_->cancel();
        else
            loader_->cancel();
    });
    connect(exporter_, &ProfileExporter::progress, this, [this](double fraction, const QString &detail) {
        progressBar_->setValue(int(fraction * 1000));
        progressBar_->setFormat(QStringLiteral("%p%"));
        statusLabel_->setText(tr("Writing %1: %2").arg(writingName_, detail));
    });
    connect(exporter_, &ProfileExporter::finished, this, &MainWindow::onExported);
    connect(loader_, &ProfileLoader::progress, this, [this](LoadStage stage, double fraction, const QString &detail) {
        // "Read 1/3 · 45%" on the bar, what the stage does now beside it.
        progressBar_->setValue(int(fraction * 1000));
        progressBar_->setFormat(
            QStringLiteral("%1 %2/%3 · %p%").arg(loadStageName(stage)).arg(int(stage) + 1).arg(kLoadStageCount));
        statusLabel_->setText(tr("Opening %1: %2").arg(openingName_, detail));
    });
    connect(loader_, &ProfileLoader::shown, this, &MainWindow::onShown);
    connect(loader_, &ProfileLoader::loaded, this, &MainWindow::onLoaded);
    connect(loader_, &ProfileLoader::failed, this, &MainWindow::onFailed);
    connect(loader_, &ProfileLoader::cancelled, this, [this](const QStringList &paths) {
        progressBar_->hide();
        cancelButton_->hide();
        statusLabel_->setText(tr("Opening %1 cancelled").arg(QFileInfo(paths.value(0)).fileName()));
        emit openFinished(false, tr("cancelled"));
    });

    setAcceptDrops(true);
    showOpenHint(QString());
    restoreGeometry(settings::read(settings::window::geometry));
    defaultLayout_ = !restoreState(settings::read(settings::window::state));
    warningsToolBar_->hide(); // restoreState() shows it as it was: it belongs to the profile, not the session
    restoreViewChoices();
}

MainWindow::~MainWindow() = default;

const Profile *MainWindow::profile() const
{
    return capture_ ? capture_->profile.get() : nullptr;
}

const ProfileAnalysis *MainWindow::analysis() const
{
    return capture_ ? capture_->analysis.get() : nullptr;
}

bool MainWindow::isLoading() const
{
    return loader_->isLoading();
}

void MainWindow::buildViews()
{
    timeline_ = new TimelineView(this);
    // The timeline with its find bar (Ctrl+F) above it.
    auto *centre = new QWidget(this);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    findBar_ = new TimelineFindBar(timeline_, centre);
    centreLayout->addWidget(findBar_);
    centreLayout->addWidget(timeline_, 1);
    setCentralWidget(centre);

    // The importers' warnings span the window above every view (docks included): a toolbar that
    // cannot be moved or hidden from the toolbar menu, shown while the open profile has warnings.
    warningsBar_ = new ImportWarningsBar(this);
    warningsToolBar_ = new QToolBar(tr("Import warnings"), this);
    warningsToolBar_->setObjectName(QStringLiteral("importWarnings"));
    warningsToolBar_->setMovable(false);
    warningsToolBar_->setFloatable(false);
    warningsToolBar_->toggleViewAction()->setVisible(false);
    warningsToolBar_->addWidget(warningsBar_)->setVisible(true);
    addToolBar(Qt::TopToolBarArea, warningsToolBar_);
    warningsToolBar_->hide();
    connect(warningsBar_, &ImportWarningsBar::dismissed, warningsToolBar_, &QToolBar::hide);

    moduleTree_ = new ModuleTreeView(selection_, this);
    operators_ = new OperatorTableView(selection_, this);
    kernels_ = new KernelTableView(selection_, this);
    counters_ = new CounterPanel(selection_, this);
    roofline_ = new RooflineView(selection_, this);
    insights_ = new InsightsView(selection_, this);
    details_ = new DetailsPane(selection_, this);

    tabs_ = new QTabWidget(this);
    tabs_->addTab(operators_, tr("&Operators"));
    tabs_->addTab(kernels_, tr("&Kernels"));
    tabs_->addTab(counters_, tr("&Counters"));
    tabs_->addTab(roofline_, tr("&Roofline"));
    tabs_->addTab(insights_, tr("&Insights"));
    ranks_ = new RanksView(this);
    tabs_->addTab(ranks_, tr("Ra&nks"));
    tabs_->setTabVisible(tabs_->indexOf(ranks_), false); // shown for a profile of several ranks
    memory_ = new MemoryView(selection_, this);
    tabs_->addTab(memory_, tr("&Memory"));

    QDockWidget *tree = treeDock_ = dock(this, tr("Modules"), "modules", moduleTree_);
    QDockWidget *bottom = dock(this, tr("Analysis"), "analysis", tabs_);
    QDockWidget *details = dock(this, tr("Details"), "details", details_);
    addDockWidget(Qt::LeftDockWidgetArea, tree);
    addDockWidget(Qt::BottomDockWidgetArea, bottom);
    addDockWidget(Qt::RightDockWidgetArea, details);
    resizeDocks({tree, details}, {380, 320}, Qt::Horizontal);
    resizeDocks({bottom}, {420}, Qt::Vertical);
    viewMenu_ = new QMenu(tr("&View"), this);
    for (QDockWidget *d : {tree, bottom, details})
        viewMenu_->addAction(d->toggleViewAction());

    // The timeline speaks in kernels, operators and phases; everything else follows the shared selection.
    connect(timeline_, &TimelineView::kernelSelected, selection_, &Selection::setKernel);
    connect(timeline_, &TimelineView::operatorSelected, selection_, &Selection::setOperator);
    connect(timeline_, &TimelineView::moduleSelected, this, [this](Index instance) {
        if (capture_)
            selection_->setModule(capture_->analysis->tree.nodeOf(instance));
    });
    connect(selection_, &Selection::changed, this, &MainWindow::followSelection);
}

void MainWindow::buildMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *open = fileMenu->addAction(tr("&Open..."), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    // A capture folder as the tools leave it, or a run folder of opscope capture (capture_folder.h).
    fileMenu->addAction(tr("Open &Folder..."), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Open capture folder"),
                                                                 settings::read(settings::files::lastFolder));
        if (folder.isEmpty())
            return;
        settings::write(settings::files::lastFolder, folder);
        openFiles({folder});
    });
    recentMenu_ = fileMenu->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    // Writing the open profile: as the CLI's `import -o` and `export` do, off this thread (profile_export.h).
    saveAs_ = fileMenu->addAction(tr("&Save As..."), this, [this] { exportProfile(ProfileExporter::Format::OpScope); });
    saveAs_->setShortcut(QKeySequence::SaveAs);
    exportPerfetto_ = fileMenu->addAction(tr("Export for &Perfetto..."), this,
                                          [this] { exportProfile(ProfileExporter::Format::Perfetto); });
    exportImage_ = fileMenu->addAction(tr("Export Timeline &Image..."), this, &MainWindow::exportTimelineImage);
    for (QAction *action : {saveAs_, exportPerfetto_, exportImage_})
        action->setEnabled(false); // until a profile is open
    fileMenu->addSeparator();
    installCaptureActions(this, fileMenu); // New Capture, Replay Capture, Deep Dive
    installCompareActions(this, fileMenu); // Compare, Open as Baseline
    installSweepActions(this, fileMenu);   // Open Sweep
    fileMenu->addSeparator();
    QAction *quit = fileMenu->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    menuBar()->addMenu(viewMenu_);
    viewMenu_->addSeparator();
    QAction *fit = viewMenu_->addAction(tr("&Fit Selection"), timeline_, &TimelineView::fitToSelection);
    fit->setShortcut(Qt::Key_F);
    QAction *fitAll = viewMenu_->addAction(tr("Show &Whole Capture"), timeline_, &TimelineView::fitAll);
    fitAll->setShortcut(Qt::Key_0);
    QAction *find = viewMenu_->addAction(tr("&Find in Timeline..."), this, &MainWindow::find);
    find->setShortcut(QKeySequence::Find);
    QAction *filter = viewMenu_->addAction(tr("Filter &Table..."), this, &MainWindow::focusFilter);
    filter->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    // Light or dark: the desktop's palette, or one chosen here (common/theme.h).
    QMenu *themeMenu = viewMenu_->addMenu(tr("T&heme"));
    auto *themes = new QActionGroup(themeMenu);
    for (const auto &[theme, name] : {std::pair(Theme::Desktop, tr("Follow the &Desktop")),
                                      std::pair(Theme::Light, tr("&Light")), std::pair(Theme::Dark, tr("D&ark"))}) {
        QAction *action = themeMenu->addAction(name);
        action->setCheckable(true);
        action->setChecked(currentTheme() == theme);
        action->setData(int(theme));
        themes->addAction(action);
        connect(action, &QAction::triggered, this, [theme] {
            applyTheme(theme);
            settings::write(settings::view::theme, int(theme));
        });
    }
    colorByModule_ = viewMenu_->addAction(tr("Colour Timeline by &Module"));
    colorByModule_->setCheckable(true);
    connect(colorByModule_, &QAction::toggled, this,
            [this](bool on) { timeline_->setColorMode(on ? ColorMode::Module : ColorMode::Operator); });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *keys = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showKeyboardHelp);
    keys->setShortcuts({QKeySequence(Qt::Key_Question), QKeySequence::HelpContents});
    help->addAction(tr("&About OpScope"), this, [this] {
        QMessageBox::about(
            this, tr("About OpScope"),
            tr("OpScope %1\nA profile explorer for PyTorch on NVIDIA GPUs.").arg(QStringLiteral(OPSCOPE_VERSION)));
    });
}

void MainWindow::find()
{
    // In the operators or kernels table, Ctrl+F filters that table; everywhere else it finds in the timeline.
    QWidget *focus = QApplication::focusWidget();
    for (QWidget *table : {static_cast<QWidget *>(operators_), static_cast<QWidget *>(kernels_)})
        if (focus && table->isAncestorOf(focus)) {
            focusFilter();
            return;
        }
    findBar_->open();
}

void MainWindow::showKeyboardHelp()
{
    // Not modal: it can stay open beside the timeline while one tries the keys.
    auto *box = new QMessageBox(QMessageBox::Information, tr("Keyboard Shortcuts"),
                                tr("<table>"
                                   "<tr><td><b>W</b> / <b>S</b></td><td>zoom in / out around the pointer</td></tr>"
                                   "<tr><td><b>A</b> / <b>D</b></td><td>pan left / right</td></tr>"
                                   "<tr><td>wheel, Ctrl+wheel</td><td>zoom around the pointer</td></tr>"
                                   "<tr><td>Shift+wheel, drag</td><td>pan</td></tr>"
                                   "<tr><td><b>F</b></td><td>fit the selection (an operator with its kernels)</td></tr>"
                                   "<tr><td><b>0</b>, Home</td><td>show the whole capture</td></tr>"
                                   "<tr><td>Escape</td><td>clear the selection</td></tr>"
                                   "<tr><td><b>Ctrl+F</b></td><td>find in the timeline by name or regex</td></tr>"
                                   "<tr><td>Enter / Shift+Enter, F3 / Shift+F3</td><td>next / previous match</td></tr>"
                                   "<tr><td>Ctrl+Shift+F</td><td>filter the operators or kernels table</td></tr>"
                                   "<tr><td>Ctrl+O</td><td>open the files of a capture</td></tr>"
                                   "<tr><td>?, F1</td><td>this list</td></tr>"
                                   "</table>"),
                                QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("keyboardHelp"));
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setModal(false);
    box->show();
}

void MainWindow::restoreViewChoices()
{
    // What one chose in the views last time: table grouping, the roofline's axes, timeline colours, the tab.
    namespace view = settings::view;
    operators_->setGrouping(OperatorGrouping(settings::read(view::operatorGrouping, int(OperatorGrouping::ByName))));
    kernels_->setStepOnly(settings::read(view::kernelsStepOnly, kernels_->model()->stepOnly()));
    RooflineOptions roofline = roofline_->options();
    roofline.level = MemoryLevel(std::clamp(settings::read(view::rooflineLevel, int(roofline.level)), 0, 2));
    roofline.aggregates =
        RooflineAggregates(std::clamp(settings::read(view::rooflineAggregates, int(roofline.aggregates)), 0, 2));
    roofline.scopeToSelection = settings::read(view::rooflineScope, roofline.scopeToSelection);
    roofline.colorMode = ColorMode(std::clamp(settings::read(view::rooflineColorBy, int(roofline.colorMode)), 0, 1));
    roofline.precision = settings::read(view::rooflinePrecision, roofline.precision);
    roofline_->setOptions(roofline);
    colorByModule_->setChecked(settings::read(view::timelineColorByModule));
    timeline_->setLabelWidth(settings::read(view::timelineLabelWidth));
    tabs_->setCurrentIndex(settings::read(view::tab));
}

void MainWindow::saveViewChoices() const
{
    namespace view = settings::view;
    settings::write(view::operatorGrouping, int(operators_->model()->grouping()));
    settings::write(view::kernelsStepOnly, kernels_->model()->stepOnly());
    settings::write(view::rooflineLevel, int(roofline_->options().level));
    settings::write(view::rooflineAggregates, int(roofline_->options().aggregates));
    settings::write(view::rooflineScope, roofline_->options().scopeToSelection);
    settings::write(view::rooflineColorBy, int(roofline_->chosenOptions().colorMode));
    settings::write(view::rooflinePrecision, roofline_->chosenOptions().precision);
    settings::write(view::timelineColorByModule, colorByModule_->isChecked());
    settings::write(view::timelineLabelWidth, timeline_->userLabelWidth());
    settings::write(view::tab, tabs_->currentIndex());
}

void MainWindow::focusFilter()
{
    // The filter of the table on show; the kernels table when another tab is up.
    QWidget *page = tabs_->currentWidget();
    if (page != operators_ && page != kernels_)
        tabs_->setCurrentWidget(page = kernels_);
    if (auto *edit = page->findChild<QLineEdit *>()) {
        edit->setFocus();
        edit->selectAll();
    }
}

void MainWindow::followSelection()
{
    const Selection::State &s = selection_->state();
    if (s.kind == Selection::Kind::Kernel)
        timeline_->setSelectedKernel(s.index);
    else if (s.kind == Selection::Kind::Operator)
        timeline_->setSelectedOperator(s.index);
    else if (s.kind == Selection::Kind::Module && capture_)
        selectPhaseBand(int(s.index));
    else if (s.kind == Selection::Kind::None)
        timeline_->clearSelection();
}

void MainWindow::selectPhaseBand(int node)
{
    const ModuleTree &tree = capture_->analysis->tree;
    if (node < 0 || size_t(node) >= tree.nodes.size() || !tree.nodes[size_t(node)].phase)
        return; // a module's band is its range; the timeline keeps what it shows
    // The band picked on the timeline stays; from elsewhere, the phase's first call is shown.
    const EventRef current = timeline_->selection();
    if (current.kind == EventKind::Module && tree.nodeOf(current.index) == node)
        return;
    const std::vector<Index> &instances = tree.nodes[size_t(node)].instances;
    if (!instances.empty())
        timeline_->setSelection({EventKind::Module, instances.front()});
}

void MainWindow::showOpenDialog()
{
    // Several files of one capture may be chosen together (nsys + ncu + trace).
    OpenProfileDialog dialog(settings::read(settings::files::lastFolder), this);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QStringList paths = dialog.selectedFiles();
    settings::write(settings::files::lastFolder, QFileInfo(paths.first()).absolutePath());
    openFiles(paths);
}

void MainWindow::openFiles(const QStringList &paths)
{
    openingName_ = QFileInfo(paths.value(0)).fileName();
    statusLabel_->setText(tr("Opening %1...").arg(openingName_));
    progressBar_->setValue(0);
    progressBar_->show();
    cancelButton_->show();
    loader_->load(paths);
}

void MainWindow::onShown(std::shared_ptr<const LoadedCapture> capture, const QStringList &paths)
{
    selection_->clear();
    capture_ = std::move(capture);
    profilePath_ = paths.value(0);
    profilePaths_ = paths;
    addRecentFiles(paths);

    // Built and coloured by the loader, off this thread.
    timeline_->setModel(capture_->profile, capture_->timeline, capture_->timelineColoring);
    // Open on the captured step(s), not the whole process with its initialisation and warm-up.
    if (const auto &steps = capture_->steps; !steps.empty()) {
        const int64_t start = steps.front().start_ns, end = steps.back().end_ns;
        const int64_t margin = std::max<int64_t>(1, (end - start) / 50);
        timeline_->setVisibleRange(start - margin, end + margin);
    }
    moduleTree_->setAnalysis(capture_->analysis);
    if (defaultLayout_ && !capture_->analysis->tree.nodes.empty()) {
        // The first module tree of a fresh layout: wide enough for the module, its time, share, spread and calls
        // (its columns fit their content), within two fifths of the window.
        const int wanted = moduleTree_->widthFor(ModuleTreeModel::CallsColumn);
        resizeDocks({treeDock_}, {std::clamp(wanted, treeDock_->width(), width() * 2 / 5)}, Qt::Horizontal);
        defaultLayout_ = false;
    }
    operators_->setAnalysis(capture_->analysis);
    kernels_->setAnalysis(capture_->analysis);
    counters_->setAnalysis(capture_->analysis);
    roofline_->setAnalysis(capture_->analysis);
    insights_->setAnalysis(capture_->analysis, nullptr); // found next, off this thread
    ranks_->setReport(capture_->ranks, capture_->rankBusy);
    tabs_->setTabVisible(tabs_->indexOf(ranks_), capture_->ranks.ranks.size() >= 2);
    memory_->setReport(capture_->analysis, capture_->memory); // says why it is empty without memory events
    details_->setCapture(capture_);

    const Profile &p = *capture_->profile;
    QStringList warnings;
    for (const std::string &w : p.warnings)
        warnings << toQString(w);
    warningsBar_->setWarnings(warnings);
    warningsToolBar_->setVisible(!warnings.isEmpty());
    for (QAction *action : {saveAs_, exportPerfetto_, exportImage_})
        action->setEnabled(true);
    updateTitle();
}

void MainWindow::exportProfile(ProfileExporter::Format format)
{
    if (!capture_ || exporter_->isRunning() || loader_->isLoading())
        return;
    const bool opscope = format == ProfileExporter::Format::OpScope;
    const QString base = QFileInfo(profilePath_).completeBaseName();
    const QString suggested = QFileInfo(settings::read(settings::files::lastFolder), base).filePath() +
                              (opscope ? QStringLiteral(".opscope") : QStringLiteral(".trace.json"));
    const QString path = QFileDialog::getSaveFileName(
        this, opscope ? tr("Save profile as") : tr("Export for Perfetto"), suggested,
        opscope ? tr("OpScope profile (*.opscope)") : tr("Chrome trace-event JSON for Perfetto (*.json)"));
    if (!path.isEmpty())
        writeProfile(format, path);
}

void MainWindow::writeProfile(ProfileExporter::Format format, const QString &path)
{
    writingName_ = QFileInfo(path).fileName();
    statusLabel_->setText(tr("Writing %1...").arg(writingName_));
    progressBar_->setValue(0);
    progressBar_->setFormat(QStringLiteral("%p%"));
    progressBar_->show();
    cancelButton_->show();
    exporter_->write(capture_->profile, format, path);
}

void MainWindow::onExported(bool ok, const QString &path, const QString &message)
{
    progressBar_->hide();
    cancelButton_->hide();
    statusLabel_->setText(ok ? tr("Wrote %1").arg(path) : tr("Could not write %1: %2").arg(path, message));
    if (!ok && message != tr("cancelled") && QApplication::platformName() != QLatin1String("offscreen"))
        QMessageBox::warning(this, tr("Could not write the profile"), tr("%1: %2").arg(path, message));
    emit exportFinished(ok, path, message);
}

void MainWindow::exportTimelineImage()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export timeline image"), QStringLiteral("timeline.png"),
                                                      tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    const bool saved = timeline_->saveImage(path);
    statusLabel_->setText(saved ? tr("Wrote %1").arg(path) : tr("Could not write %1").arg(path));
}

void MainWindow::onLoaded(std::shared_ptr<const LoadedCapture> capture, const QStringList &paths)
{
    progressBar_->hide();
    cancelButton_->hide();
    if (!capture_ || capture_->profile != capture->profile)
        onShown(capture, paths); // not shown yet
    capture_ = std::move(capture);
    // The report stays in the capture (no copy on this thread: it holds the step's timing per kernel).
    insights_->setAnalysis(capture_->analysis, std::shared_ptr<const InsightReport>(capture_, &capture_->insights));
    details_->setCapture(capture_); // the step's time the insights read, for "% of step"
    const Profile &p = *capture_->profile;
    const ProfileAnalysis &a = *capture_->analysis; // counted by the loader: 40 ms here at 10 M kernels
    statusLabel_->setText(tr("%1 kernels (%2 in the captured step, %3 attributed), %4 operators, %5 module calls, "
                             "%6 with counters, %7 insights")
                              .arg(p.kernels.size())
                              .arg(a.stepKernels.size())
                              .arg(a.stepKernelsAttributed)
                              .arg(p.operators.size())
                              .arg(p.modules.size())
                              .arg(a.kernelsWithCounters)
                              .arg(capture_->insights.insights.size()));
    emit openFinished(true, QString());
}

void MainWindow::updateTitle()
{
    // The files, what they are when they are the bundled sample, and a mark while the importers warned.
    QStringList names;
    for (const QString &path : profilePaths_)
        names << QFileInfo(path).fileName();
    QString title = names.join(QStringLiteral(" + "));
    if (const QString sample = bundledSampleDescription(profilePaths_); !sample.isEmpty())
        title = tr("Bundled sample: %1 (%2)").arg(sample, title);
    if (const size_t warnings = capture_ ? capture_->profile->warnings.size() : 0)
        title += warnings == 1 ? tr(" [1 import warning]") : tr(" [%1 import warnings]").arg(warnings);
    setWindowTitle(tr("%1 — OpScope").arg(title));
}

void MainWindow::showOpenHint(const QString &failure)
{
    // With nothing open every view is blank: the timeline says what to do, and what went wrong last.
    const QString hint = tr("Open the files of a capture with Ctrl+O (File > Open...), or drag them here: an nsys "
                            "export, ncu CSV, torch.profiler trace, OpScope profile, or a whole capture folder.");
    timeline_->setPlaceholder(failure.isEmpty() ? tr("No profile open.") + QStringLiteral("\n\n") + hint
                                                : failure + QStringLiteral("\n\n") + hint);
    const QString tables = tr("No profile open: Ctrl+O, or drag files onto the window.");
    for (FilteredTreeView *view : std::initializer_list<FilteredTreeView *>{moduleTree_, operators_, kernels_})
        view->setEmptyText(tables);
}

void MainWindow::onFailed(const QString &message, const QStringList &paths)
{
    progressBar_->hide();
    cancelButton_->hide();
    if (!capture_)
        showOpenHint(tr("Could not open %1: %2").arg(QFileInfo(paths.value(0)).fileName(), message));
    // What was open stays open; say what went wrong with the new file.
    statusLabel_->setText(tr("Could not open %1").arg(QFileInfo(paths.value(0)).fileName()));
    if (QApplication::platformName() != QLatin1String("offscreen"))
        QMessageBox::warning(this, tr("Could not open profile"), message);
    emit openFinished(false, message);
}

void MainWindow::addRecentFiles(const QStringList &paths)
{
    QStringList recent = settings::read(settings::files::recent);
    const QString entry = paths.join(QLatin1Char('\n'));
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > 10)
        recent.removeLast();
    settings::write(settings::files::recent, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList recent = settings::read(settings::files::recent);
    for (const QString &entry : recent) {
        const QStringList paths = entry.split(QLatin1Char('\n'));
        QStringList names;
        for (const QString &p : paths)
            names << QFileInfo(p).fileName();
        QAction *action = recentMenu_->addAction(names.join(QStringLiteral(" + ")));
        action->setToolTip(paths.join(QLatin1Char('\n')));
        connect(action, &QAction::triggered, this, [this, paths] { openFiles(paths); });
    }
    recentMenu_->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (!paths.isEmpty()) {
        openFiles(paths);
        event->acceptProposedAction();
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    settings::write(settings::window::geometry, saveGeometry());
    settings::write(settings::window::state, saveState());
    saveViewChoices();
    QMainWindow::closeEvent(event);
}

} // namespace opscope::ui
