#include "backends/cpu/cpu_command.hpp"

#include "backends/cpu/cpu_spin.hpp"
#include "backends/cpu/dispatcher.hpp"
#include "core/spin_wait.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

void cpu_state::backend_wait() {
  if (owner_->run_if_next(*this))
    return;
  spin_until([this] { return is_ready(); }, spin_budget());
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
