#pragma once
// The explorer's main window.

#include "opscope/profile.h"

#include <QMainWindow>

#include <memory>

class QLabel;
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

    // Loads `path` in the background; the current profile stays until the new one is ready.
    void openFile(const QString &path);
    const Profile *profile() const { return profile_.get(); }
    QString profilePath() const { return profilePath_; }
    bool isLoading() const;

signals:
    // Emitted after every open attempt finished (loaded, failed or cancelled).
    void openFinished(bool ok, const QString &message);

private:
    void showOpenDialog();
    void onLoaded(std::shared_ptr<Profile> profile, const QString &path);
    void onFailed(const QString &message, const QString &path);
    void showProfile();

    std::shared_ptr<Profile> profile_;
    QString profilePath_;
    ProfileLoader *loader_;
    QPlainTextEdit *summaryView_;
    QLabel *statusLabel_;
    QProgressBar *progressBar_;
    QPushButton *cancelButton_;
};

} // namespace opscope::ui
