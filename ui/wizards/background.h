#pragma once
// Runs a slow call (a target check, tool discovery, a plan) on a thread of its own and hands its
// result to a callback on the GUI thread, so the wizard pages never block. When `context` is gone by
// then, the result is dropped (the connection dies with it).

#include <QObject>
#include <QThread>

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace opscope::ui {

template <typename Work, typename Done> void runInBackground(QObject *context, Work work, Done done)
{
    using Result = std::invoke_result_t<Work &>;
    auto result = std::make_shared<std::optional<Result>>();
    QThread *thread = QThread::create([work = std::move(work), result]() mutable { result->emplace(work()); });
    QObject::connect(thread, &QThread::finished, context, [done = std::move(done), result]() mutable {
        if (result->has_value())
            done(std::move(**result));
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace opscope::ui
