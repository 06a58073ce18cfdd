#include "wizards/page_util.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>

namespace opscope::ui {

QLabel *makeMessageLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QStringLiteral("message"));
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

void setMessage(QLabel *label, const QString &text, bool problem)
{
    label->setText(text);
    label->setStyleSheet(problem ? QStringLiteral("color: #b00020;") : QString());
}

QWidget *withBrowseButton(QLineEdit *edit, const std::function<QString()> &pick, QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *browse = new QPushButton(QObject::tr("Browse..."), row);
    browse->setObjectName(edit->objectName() + QStringLiteral("Browse"));
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    row->setFocusProxy(edit); // a form label's mnemonic (its buddy is this row) reaches the line edit
    QObject::connect(browse, &QPushButton::clicked, edit, [edit, pick] {
        const QString chosen = pick();
        if (!chosen.isEmpty())
            edit->setText(chosen);
    });
    return row;
}

std::vector<std::string> splitList(const QString &text, QChar separator)
{
    std::vector<std::string> out;
    for (const QString &item : text.split(separator, Qt::SkipEmptyParts))
        if (const QString trimmed = item.trimmed(); !trimmed.isEmpty())
            out.push_back(trimmed.toStdString());
    return out;
}

QString joinList(const std::vector<std::string> &items, QChar separator)
{
    QStringList list;
    for (const auto &item : items)
        list << QString::fromStdString(item);
    return list.join(separator);
}

bool isVariableName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return pattern.match(name).hasMatch();
}

bool parseEnvList(const QString &text, std::map<std::string, std::string> &env, QString &problem)
{
    for (const QString &item : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString trimmed = item.trimmed();
        if (trimmed.isEmpty())
            continue;
        const qsizetype eq = trimmed.indexOf(QLatin1Char('='));
        if (eq <= 0 || !isVariableName(trimmed.left(eq))) {
            problem = QObject::tr("'%1' is not NAME=VALUE (items are separated by ';').").arg(trimmed);
            return false;
        }
        env[trimmed.left(eq).toStdString()] = trimmed.mid(eq + 1).toStdString();
    }
    return true;
}

} // namespace opscope::ui
