#include "common/settings.h"

#include <QSettings>

namespace opscope::ui::settings {

template <typename T> T read(const Key<T> &key, const T &fallback)
{
    const QSettings store;
    const QString name = QLatin1String(key.name);
    // A saved empty list reads back as an invalid QVariant: still saved, so not the fallback.
    return store.contains(name) ? store.value(name).value<T>() : fallback;
}

template <typename T> void write(const Key<T> &key, const T &value)
{
    QSettings().setValue(QLatin1String(key.name), QVariant::fromValue(value));
}

// The types the keys have.
template int read(const Key<int> &, const int &);
template bool read(const Key<bool> &, const bool &);
template QString read(const Key<QString> &, const QString &);
template QStringList read(const Key<QStringList> &, const QStringList &);
template QByteArray read(const Key<QByteArray> &, const QByteArray &);
template void write(const Key<int> &, const int &);
template void write(const Key<bool> &, const bool &);
template void write(const Key<QString> &, const QString &);
template void write(const Key<QStringList> &, const QStringList &);
template void write(const Key<QByteArray> &, const QByteArray &);

void clear()
{
    QSettings().clear();
}

QString storagePath()
{
    return QSettings().fileName();
}

} // namespace opscope::ui::settings
