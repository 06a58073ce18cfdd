#include "compare/compare_dialog.h"

#include "common/settings.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace opscope::ui {

namespace {

const QString kFilter = QStringLiteral("Profiles (*.opscope *.json *.json.gz *.sqlite *.nsys-rep *.csv *.ncu-rep);;"
                                       "All files (*)");

} // namespace

QStringList splitPaths(const QString &text)
{
    QStringList out;
    for (const QString &part : text.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        if (const QString path = part.trimmed(); !path.isEmpty())
            out << path;
    return out;
}

QString joinPaths(const QStringList &paths)
{
    return paths.join(QStringLiteral("; "));
}

CompareDialog::CompareDialog(QWidget *parent)
    : QDialog(parent), before_(new QLineEdit(this)), after_(new QLineEdit(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Compare Profiles"));
    before_->setObjectName(QStringLiteral("before"));
    after_->setObjectName(QStringLiteral("after"));
    resize(760, 0);
    auto *form = new QFormLayout;
    auto row = [&](QLineEdit *edit, const QString &label, const QString &title) {
        edit->setPlaceholderText(tr("a profile, or the files of one capture separated by ';'"));
        auto *browse = new QPushButton(tr("Browse..."), this);
        connect(browse, &QPushButton::clicked, this, [this, edit, title] { this->browse(edit, title); });
        connect(edit, &QLineEdit::textChanged, this, &CompareDialog::updateButtons);
        auto *line = new QHBoxLayout;
        line->addWidget(edit, 1);
        line->addWidget(browse);
        // A row whose field is a layout gets no buddy from the form, and a label without one shows
        // its '&' as text: the label names the line edit itself, so Alt+B / Alt+A reach it.
        auto *caption = new QLabel(label, this);
        caption->setBuddy(edit);
        form->addRow(caption, line);
    };
    row(before_, tr("&Before (baseline):"), tr("Before: the baseline profile"));
    row(after_, tr("&After:"), tr("After: the profile to compare with the baseline"));
    auto *swap = buttons_->addButton(tr("&Swap"), QDialogButtonBox::ActionRole);
    connect(swap, &QPushButton::clicked, this, [this] {
        const QString b = before_->text();
        before_->setText(after_->text());
        after_->setText(b);
    });
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *hint = new QLabel(tr("Both sides must be attributed profiles; only the captured step is compared."), this);
    hint->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(buttons_);

    before_->setText(settings::read(settings::compare::before));
    after_->setText(settings::read(settings::compare::after));
    updateButtons();
}

void CompareDialog::setBefore(const QStringList &paths)
{
    before_->setText(joinPaths(paths));
}

void CompareDialog::setAfter(const QStringList &paths)
{
    after_->setText(joinPaths(paths));
}

QStringList CompareDialog::before() const
{
    return splitPaths(before_->text());
}

QStringList CompareDialog::after() const
{
    return splitPaths(after_->text());
}

void CompareDialog::remember() const
{
    settings::write(settings::compare::before, before_->text());
    settings::write(settings::compare::after, after_->text());
    if (!before().isEmpty())
        settings::write(settings::files::lastFolder, QFileInfo(before().first()).absolutePath());
}

void CompareDialog::browse(QLineEdit *edit, const QString &title)
{
    const QStringList current = splitPaths(edit->text());
    const QString folder =
        current.isEmpty() ? settings::read(settings::files::lastFolder) : QFileInfo(current.first()).absolutePath();
    const QStringList paths = QFileDialog::getOpenFileNames(this, title, folder, kFilter);
    if (!paths.isEmpty())
        edit->setText(joinPaths(paths));
}

void CompareDialog::updateButtons()
{
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(!before().isEmpty() && !after().isEmpty());
}

} // namespace opscope::ui
