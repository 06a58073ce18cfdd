#pragma once
// Small pieces the wizard pages share: the validation message line and a line edit with a Browse
// button. The ';'-lists and NAME=VALUE lists the fields take follow the command line's grammar
// (opscope/pipeline/cli_options.h).

#include <QString>

#include <functional>
#include <string>
#include <vector>

class QLabel;
class QLineEdit;
class QWidget;

namespace opscope::ui {

// A word-wrapped line under a page's fields that says what is missing (red) or what is going on.
QLabel *makeMessageLabel(QWidget *parent);
void setMessage(QLabel *label, const QString &text, bool problem);

// `edit` with a "Browse..." button that sets it to what `pick` returns (unless empty).
QWidget *withBrowseButton(QLineEdit *edit, const std::function<QString()> &pick, QWidget *parent);

} // namespace opscope::ui
