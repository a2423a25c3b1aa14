// <hc.hpp>: the hc API of hcc (Heterogeneous C++), a superset of C++ AMP's
// programming model: accelerators and views, extents and indices, arrays
// and array_views, asynchronous parallel_for_each over plain and tiled
// domains with run-time tile sizes, and atomics.
//
// The pieces live in hc/detail/; see docs/architecture.md for how the
// compiler passes and the runtime cooperate.
#ifndef HC_HPP
#define HC_HPP

#include "hc_defines.h"
#include "hcc_features.hpp"

#include "hc/detail/config.hpp"
#include "hc/detail/enums.hpp"
#include "hc/detail/exceptions.hpp"
#include "hc/detail/runtime.hpp"

#include "hc/detail/index.hpp"
#include "hc/detail/tiled.hpp"
#include "hc/detail/accelerator.hpp"
#include "hc/detail/array_view.hpp"
#include "hc/detail/array.hpp"
#include "hc/detail/copy.hpp"
#include "hc/detail/atomics.hpp"
#include "hc/detail/abort.hpp"
#include "hc/detail/wavefront.hpp"
#include "hc/detail/group_segment.hpp"
#include "hc/detail/printf_device.hpp"
#include "hc/detail/device_heap.hpp"
#include "hc/detail/parallel_for_each.hpp"
#if HC_AMP_MODE
#include "hc/detail/amp_tiled.hpp"
#endif
#include "hc/detail/math/precise_fast_math.hpp"

#endif // HC_HPP
