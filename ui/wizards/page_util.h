#pragma once
// Small pieces the wizard pages share: the validation message line, a line edit with a Browse button,
// and the parsing of the ';'-separated lists and NAME=VALUE lists the pipeline options take.

#include <QString>

#include <functional>
#include <map>
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

// "a;b;;c" -> {"a", "b", "c"} (items trimmed, empty ones dropped).
std::vector<std::string> splitList(const QString &text, QChar separator = QLatin1Char(';'));
QString joinList(const std::vector<std::string> &items, QChar separator = QLatin1Char(';'));

// A shell-style variable name: letters, digits and '_', not starting with a digit.
bool isVariableName(const QString &name);
// "NAME=VALUE;NAME=VALUE"; on a bad item returns false and says which in `problem`.
bool parseEnvList(const QString &text, std::map<std::string, std::string> &env, QString &problem);

inline std::string toStd(const QString &text)
{
    return text.toStdString();
}
inline QString fromStd(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace opscope::ui
