#include "main_window.h"

#include "opscope/summary.h"
#include "profile_loader.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QSettings>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace opscope::ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), loader_(new ProfileLoader(this)), summaryView_(new QPlainTextEdit(this)),
      statusLabel_(new QLabel(tr("No profile loaded"), this)), progressBar_(new QProgressBar(this)),
      cancelButton_(new QPushButton(tr("Cancel"), this))
{
    setWindowTitle(tr("OpScope"));
    resize(1280, 800);

    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *open = fileMenu->addAction(tr("&Open..."), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = fileMenu->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    fileMenu->addSeparator();
    QAction *quit = fileMenu->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    summaryView_->setReadOnly(true);
    summaryView_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setCentralWidget(summaryView_);

    statusBar()->addWidget(statusLabel_, 1);
    progressBar_->setRange(0, 1000);
    progressBar_->setMaximumWidth(240);
    progressBar_->hide();
    cancelButton_->hide();
    statusBar()->addPermanentWidget(progressBar_);
    statusBar()->addPermanentWidget(cancelButton_);
    connect(cancelButton_, &QPushButton::clicked, loader_, &ProfileLoader::cancel);

    connect(loader_, &ProfileLoader::progress, this, [this](double fraction, const QString &stage) {
        progressBar_->setValue(int(fraction * 1000));
        progressBar_->setFormat(stage + " %p%");
    });
    connect(loader_, &ProfileLoader::loaded, this, &MainWindow::onLoaded);
    connect(loader_, &ProfileLoader::failed, this, &MainWindow::onFailed);
    connect(loader_, &ProfileLoader::cancelled, this, [this](const QStringList &paths) {
        progressBar_->hide();
        cancelButton_->hide();
        statusLabel_->setText(tr("Opening %1 cancelled").arg(QFileInfo(paths.value(0)).fileName()));
        emit openFinished(false, tr("cancelled"));
    });

    setAcceptDrops(true);
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
}

MainWindow::~MainWindow() = default;

bool MainWindow::isLoading() const
{
    return loader_->isLoading();
}

void MainWindow::showOpenDialog()
{
    // Several files of one capture may be chosen together (nsys + ncu + trace).
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open profile"), QSettings().value("files/lastFolder").toString(),
        tr("Profiles (*.opscope *.json *.json.gz *.sqlite *.nsys-rep *.csv *.ncu-rep);;All files (*)"));
    if (paths.isEmpty())
        return;
    QSettings().setValue("files/lastFolder", QFileInfo(paths.first()).absolutePath());
    openFiles(paths);
}

void MainWindow::openFiles(const QStringList &paths)
{
    statusLabel_->setText(tr("Opening %1...").arg(QFileInfo(paths.value(0)).fileName()));
    progressBar_->setValue(0);
    progressBar_->show();
    cancelButton_->show();
    loader_->load(paths);
}

void MainWindow::onLoaded(std::shared_ptr<Profile> profile, const QStringList &paths)
{
    progressBar_->hide();
    cancelButton_->hide();
    profile_ = std::move(profile);
    profilePath_ = paths.value(0);
    addRecentFiles(paths);
    showProfile();
    emit openFinished(true, QString());
}

void MainWindow::addRecentFiles(const QStringList &paths)
{
    QSettings settings;
    QStringList recent = settings.value("files/recent").toStringList();
    const QString entry = paths.join(QLatin1Char('\n'));
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue("files/recent", recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList recent = QSettings().value("files/recent").toStringList();
    for (const QString &entry : recent) {
        const QStringList paths = entry.split(QLatin1Char('\n'));
        QStringList names;
        for (const QString &p : paths)
            names << QFileInfo(p).fileName();
        QAction *action = recentMenu_->addAction(names.join(QStringLiteral(" + ")));
        action->setToolTip(paths.join(QStringLiteral("\n")));
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
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::onFailed(const QString &message, const QStringList &paths)
{
    progressBar_->hide();
    cancelButton_->hide();
    // What was open stays open; say what went wrong with the new file.
    statusLabel_->setText(tr("Could not open %1").arg(QFileInfo(paths.value(0)).fileName()));
    if (QApplication::platformName() != QLatin1String("offscreen"))
        QMessageBox::warning(this, tr("Could not open profile"), message);
    emit openFinished(false, message);
}

void MainWindow::showProfile()
{
    const QString name = QFileInfo(profilePath_).fileName();
    setWindowTitle(tr("%1 — OpScope").arg(name));
    summaryView_->setPlainText(QString::fromStdString(summaryText(*profile_)));
    statusLabel_->setText(tr("%1: %2 kernels, %3 operators, %4 modules, %5 µs of kernel time")
                              .arg(name)
                              .arg(profile_->kernels.size())
                              .arg(profile_->operators.size())
                              .arg(profile_->modules.size())
                              .arg(double(profile_->totalKernelTimeNs()) / 1000.0, 0, 'f', 1));
}

} // namespace opscope::ui
