// Runs completion callbacks (async_state::then) off the backend threads.
//
// A backend thread that completes a command must not run user code: the
// callback could block (wait for another command of the same queue) and
// stall the queue. Callbacks are handed to a few runtime threads instead.
// Threads are started on demand: when every callback thread is busy (a
// callback blocks), the next task gets a new thread, up to a small limit, so
// one blocking callback does not delay all others.
#ifndef HC_RUNTIME_CORE_CALLBACK_EXECUTOR_HPP
#define HC_RUNTIME_CORE_CALLBACK_EXECUTOR_HPP

#include <functional>

namespace hc {
namespace detail {
namespace rt {

// Queues `task` for a callback thread. Never throws for lack of threads: if
// none can be started, the task runs in the calling thread.
void post_callback(std::function<void()> task);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
