#pragma once
// The Details pane: what is selected, in words. A kernel's facts (describeKernel: the timeline tooltip's
// words), where a collective ran on the other ranks, a selection's kernel count and GPU time with its
// shares of GPU time and of the step. Long names (a demangled template fills the pane) are elided to
// three lines; the full name is in their tooltip, in "Copy Name" and in what a copy of the text gives.

#include "common/selection.h"

#include <QTextBrowser>

#include <map>
#include <memory>

namespace opscope::ui {

struct LoadedCapture;

class DetailsPane : public QTextBrowser {
    Q_OBJECT
public:
    explicit DetailsPane(Selection *selection, QWidget *parent = nullptr);

    void setCapture(std::shared_ptr<const LoadedCapture> capture);
    // The full name behind an elided one (empty when `shown` is not an elided name of this pane).
    QString fullNameOf(const QString &shown) const;
    // The name of what is selected, whole (empty when nothing is).
    QString selectedName() const { return selectedName_; }
    // What a copy of the text selected now gives: the elided names whole.
    QString copiedText() const;

protected:
    bool viewportEvent(QEvent *event) override;
    QMimeData *createMimeDataFromSelection() const override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    // `name` as one anchor, elided to the pane's width times `lines`; remembered for tooltips and copies.
    QString nameHtml(const QString &name, int lines);
    QString kernelHtml(Index kernel);
    QString collectiveTwinsHtml(Index kernel) const;
    QString sharesHtml(int64_t gpuTime) const;

    Selection *selection_;
    std::shared_ptr<const LoadedCapture> capture_;
    std::map<QString, QString> fullNames_; // anchor -> the whole name
    std::map<QString, QString> elided_;    // elided text -> the whole name
    QString selectedName_;
    int laidOutWidth_ = 0;
};

} // namespace opscope::ui
