// The geometry of an AQL dispatch for an hc launch (pure, unit-tested).
//
// Same mapping as the CUDA backend (docs/architecture.md, "Kernels"):
// non-tiled kernels get a 1-D grid of work-groups and walk the linear ids
// with a grid-sized stride, so the grid is capped at what the agent keeps
// resident; tiled kernels get one work-group per tile, the grid's x, y and
// z along hc dimensions N-1, N-2 and N-3 (core/grid_size.hpp). AQL states
// the grid in work-items (uint32 per dimension), so the work-groups along
// each axis are capped to keep its grid size below 2^32; the kernel walks
// each axis with a grid-sized stride.
#ifndef HC_RUNTIME_HSA_LAUNCH_HPP
#define HC_RUNTIME_HSA_LAUNCH_HPP

#include "backends/hsa/hsa_kernarg.hpp"
#include "hc/detail/runtime.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

struct agent_limits {
  unsigned max_workgroup_size = 1024; // HSA_AGENT_INFO_WORKGROUP_MAX_SIZE
  unsigned wavefront_size = 64;
  unsigned compute_units = 1;
  unsigned workgroup_size = 256; // of non-tiled launches
};

// The dispatch of `g` (dims 0 when there is no work). Throws
// Kalmar::invalid_compute_domain for a tile the agent cannot run as one
// work-group.
dispatch_shape plan_dispatch(const launch_geometry &g,
                             const agent_limits &limits);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
