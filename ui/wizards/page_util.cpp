#include "wizards/page_util.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

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

} // namespace opscope::ui
