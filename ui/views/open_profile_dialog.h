#pragma once
// File > Open: a file dialog sized for profile names. Qt's own dialog (used where the desktop offers no
// native one) opens small, in list mode, and cuts long capture names such as
// "HolisticTraceAnalysis__benchmark_result_493459_1694039959_trace.json": this one opens in detail mode,
// large enough for them, with the name column taking the room the other columns leave.

#include <QFileDialog>

namespace opscope::ui {

class OpenProfileDialog : public QFileDialog {
    Q_OBJECT
public:
    // Starts in `folder`; several files of one capture may be chosen together.
    OpenProfileDialog(const QString &folder, QWidget *parent = nullptr);

protected:
    void showEvent(QShowEvent *event) override;
};

} // namespace opscope::ui
