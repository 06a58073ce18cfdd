#pragma once
// The bar above the views that says what an importer warned about while reading the open profile
// (a truncated file, skipped rows, ncu rows that matched no kernel...), in the manner of
// KMessageWidget: a warning-coloured strip with the count and the first message on one line, a button
// that unfolds the whole list (selectable, to copy into a bug report) and a button that dismisses it.
// It stays hidden for a profile without warnings.

#include <QFrame>
#include <QStringList>

class QLabel;
class QPlainTextEdit;
class QToolButton;

namespace opscope::ui {

class ImportWarningsBar : public QFrame {
    Q_OBJECT
public:
    explicit ImportWarningsBar(QWidget *parent = nullptr);

    // Shows the warnings of a newly opened profile (and unfolds nothing); hides the bar when empty.
    void setWarnings(const QStringList &warnings);
    const QStringList &warnings() const { return warnings_; }

    // The count and the first warning, cut to the bar's width; summaryText() is all of it.
    QLabel *summaryLabel() const { return summary_; }
    const QString &summaryText() const { return summaryText_; }
    QToolButton *detailsButton() const { return details_; }
    QToolButton *closeButton() const { return close_; }
    QPlainTextEdit *list() const { return list_; }
    void setExpanded(bool expanded);
    bool isExpanded() const;

signals:
    // The user dismissed the bar (the warnings still belong to the profile).
    void dismissed();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyColours();
    void elideSummary();

    QStringList warnings_;
    QString summaryText_;
    QLabel *icon_;
    QLabel *summary_;
    QToolButton *details_;
    QToolButton *close_;
    QPlainTextEdit *list_;
};

} // namespace opscope::ui
