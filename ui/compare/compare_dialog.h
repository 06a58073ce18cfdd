#pragma once
// File > Compare...: pick BEFORE and AFTER, each a file OpScope imports or the files of one capture
// (nsys + ncu + trace). Remembers the last choice.

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;

namespace opscope::ui {

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    explicit CompareDialog(QWidget *parent = nullptr);

    void setBefore(const QStringList &paths);
    void setAfter(const QStringList &paths);
    QStringList before() const;
    QStringList after() const;
    // Stores the choice for the next time the dialog opens.
    void remember() const;

private:
    void browse(QLineEdit *edit, const QString &title);
    void updateButtons();

    QLineEdit *before_, *after_;
    QDialogButtonBox *buttons_;
};

// The paths of a line: separated by ';' (a file name may hold commas).
QStringList splitPaths(const QString &text);
QString joinPaths(const QStringList &paths);

} // namespace opscope::ui
