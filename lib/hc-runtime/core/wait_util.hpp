// Waiting for commands on behalf of the runtime itself.
#ifndef HC_RUNTIME_CORE_WAIT_UTIL_HPP
#define HC_RUNTIME_CORE_WAIT_UTIL_HPP

#include "hc/detail/runtime.hpp"

#include <vector>

namespace hc {
namespace detail {
namespace rt {

// Waits until `state` finished, ignoring its error. The runtime waits for
// dependencies this way: a failed command still ends, and its error is
// reported to whoever waits on that command (completion_future::wait,
// accelerator_view::wait), not to every later user of the same data.
inline void wait_quietly(const async_ptr &state) noexcept {
  if (!state || state->is_ready())
    return;
  try {
    state->wait();
  } catch (...) {
  }
}

inline void wait_quietly(const std::vector<async_ptr> &states) noexcept {
  for (const async_ptr &state : states)
    wait_quietly(state);
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
