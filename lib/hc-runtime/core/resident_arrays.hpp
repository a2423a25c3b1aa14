// Arrays captured by reference.
//
// C++ AMP and hc programs capture hc::array by reference ([&]): the kernel
// then reads the array object itself and no copy constructor runs, so
// launch_scope::bind() never learns that the kernel uses the data. To keep
// such arrays coherent, every launch on a device counts every live array
// homed on that device as used read-write by the kernel: the kernel waits
// for earlier users of the data, host access waits for the kernel, and the
// home copy is made current first. Conservative (kernels that do not touch
// an array still order against it) but never wrong.
#ifndef HC_RUNTIME_CORE_RESIDENT_ARRAYS_HPP
#define HC_RUNTIME_CORE_RESIDENT_ARRAYS_HPP

#include "hc/detail/runtime.hpp"

#include <vector>

namespace hc {
namespace detail {
namespace rt {

class storage_object;

void register_resident_array(storage_object *s, device *home);
// Called when the last reference is dropped, before destruction.
void unregister_resident_array(storage_object *s);
// The live arrays homed on `home`, each retained once: the caller releases.
std::vector<storage *> retain_resident_arrays(device *home);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
