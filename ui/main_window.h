#pragma once
// The explorer's main window.

#include "opscope/profile.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace opscope::ui {

class ProfileLoader;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads the files of one capture in the background; the current profile stays until the new
    // one is ready (and stays when loading fails).
    void openFiles(const QStringList &paths);
    void openFile(const QString &path) { openFiles({path}); }
    const Profile *profile() const { return profile_.get(); }
    QString profilePath() const { return profilePath_; }
    bool isLoading() const;

signals:
    // Emitted after every open attempt finished (loaded, failed or cancelled).
    void openFinished(bool ok, const QString &message);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void showOpenDialog();
    void onLoaded(std::shared_ptr<Profile> profile, const QStringList &paths);
    void onFailed(const QString &message, const QStringList &paths);
    void showProfile();
    void addRecentFiles(const QStringList &paths);
    void rebuildRecentMenu();

    std::shared_ptr<Profile> profile_;
    QString profilePath_;
    ProfileLoader *loader_;
    QMenu *recentMenu_ = nullptr;
    QPlainTextEdit *summaryView_;
    QLabel *statusLabel_;
    QProgressBar *progressBar_;
    QPushButton *cancelButton_;
};

} // namespace opscope::ui
