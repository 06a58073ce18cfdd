#include "views/import_warnings_bar.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace opscope::ui {

namespace {

// Breeze's "neutral" colour, the one KMessageWidget uses for warnings.
const QColor kWarningColour(0xf6, 0x74, 0x00);

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

ImportWarningsBar::ImportWarningsBar(QWidget *parent)
    : QFrame(parent), icon_(new QLabel(this)), summary_(new QLabel(this)), details_(new QToolButton(this)),
      close_(new QToolButton(this)), list_(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("importWarningsBar"));
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    icon_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize, iconSize));
    // One line, cut to the bar's width (a warning can quote a kernel's whole signature): the list has
    // every warning whole.
    summary_->setTextFormat(Qt::PlainText);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    summary_->setMinimumWidth(0);
    summary_->installEventFilter(this);
    details_->setCheckable(true);
    details_->setAutoRaise(true);
    close_->setAutoRaise(true);
    close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton, nullptr, this));
    close_->setToolTip(tr("Hide the warnings (they stay with the profile)"));
    list_->setReadOnly(true);
    list_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    list_->setMaximumHeight(list_->fontMetrics().lineSpacing() * 8 + 2 * list_->frameWidth() + 8);
    list_->hide();

    auto *row = new QHBoxLayout;
    row->addWidget(icon_);
    row->addWidget(summary_, 1);
    row->addWidget(details_);
    row->addWidget(close_);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(row);
    layout->addWidget(list_);

    connect(details_, &QToolButton::toggled, this, &ImportWarningsBar::setExpanded);
    connect(close_, &QToolButton::clicked, this, [this] {
        hide();
        emit dismissed();
    });
    applyColours();
    hide();
}

void ImportWarningsBar::setWarnings(const QStringList &warnings)
{
    warnings_ = warnings;
    setExpanded(false);
    const int n = int(warnings.size());
    if (n == 0) {
        summary_->clear();
        list_->clear();
        hide();
        return;
    }
    // The count first, then the first message: it is often the one that explains the others.
    summaryText_ = n == 1 ? tr("The importer warned: %1").arg(warnings.front())
                          : tr("The importer warned %n times. The first: %1", nullptr, n).arg(warnings.front());
    summary_->setToolTip(summaryText_);
    elideSummary();
    QString text;
    for (int i = 0; i < n; ++i)
        text += QStringLiteral("%1. %2\n").arg(i + 1).arg(warnings[i]);
    list_->setPlainText(text.trimmed());
    show();
}

void ImportWarningsBar::setExpanded(bool expanded)
{
    expanded = expanded && !warnings_.isEmpty();
    list_->setVisible(expanded);
    details_->setChecked(expanded);
    details_->setText(expanded                ? tr("Hide")
                      : warnings_.size() == 1 ? tr("Show in full")
                                              : tr("Show all %1").arg(warnings_.size()));
}

void ImportWarningsBar::elideSummary()
{
    summary_->setText(summary_->fontMetrics().elidedText(summaryText_, Qt::ElideRight, summary_->width()));
}

bool ImportWarningsBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == summary_ && event->type() == QEvent::Resize)
        elideSummary();
    return QFrame::eventFilter(watched, event);
}

bool ImportWarningsBar::isExpanded() const
{
    return !list_->isHidden();
}

void ImportWarningsBar::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColours();
}

void ImportWarningsBar::applyColours()
{
    // A tint of the warning colour over the window's own, so it reads in light and dark themes alike.
    // The surroundings' palette, not ours: a style sheet changes our palette (and calls this again).
    const QColor window =
        (parentWidget() ? parentWidget()->palette() : QApplication::palette()).color(QPalette::Window);
    const QString sheet =
        QStringLiteral("#importWarningsBar { background: %1; border: 1px solid %2; border-radius: 4px; }")
            .arg(mix(window, kWarningColour, 0.2).name(), kWarningColour.name());
    if (styleSheet() != sheet)
        setStyleSheet(sheet);
}

} // namespace opscope::ui
