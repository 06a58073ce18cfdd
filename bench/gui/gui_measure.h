#pragma once
// What the GUI benchmarks measure besides CPU time (cpu_clock.h): the peak resident set, and the moment a
// widget has first painted the profile.

#include <QEvent>
#include <QMetaObject>
#include <QObject>
#include <QWidget>

#include <fstream>
#include <functional>
#include <string>

namespace opscope::bench {

// VmHWM (peak resident set) of this process, in MiB.
inline double peakRssMb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

// Calls `painted` once `target` has painted while `ready()` holds (the profile is in it).
class FirstPaint : public QObject {
public:
    FirstPaint(QWidget *target, std::function<bool()> ready, std::function<void()> painted)
        : ready_(std::move(ready)), painted_(std::move(painted))
    {
        target->installEventFilter(this);
    }
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (!done_ && event->type() == QEvent::Paint && ready_()) {
            done_ = true;
            // The filter runs before the paint: the queued call runs once the paint has finished.
            QMetaObject::invokeMethod(this, painted_, Qt::QueuedConnection);
        }
        return false;
    }

private:
    std::function<bool()> ready_;
    std::function<void()> painted_;
    bool done_ = false;
};

} // namespace opscope::bench
