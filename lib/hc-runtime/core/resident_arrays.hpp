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
//
// A reference is the host address of the array object. The functor is
// rewritten (on every device: even where kernels could read the object in
// place, it may move or die before the kernel runs, and hcc's kernels saw
// the array as it was at the launch): each pointer-aligned word of it
// that equals the address of a live array object homed on the device is
// replaced by the address of a copy of that object in device memory (the
// object holds the data's device address already; on a device of host
// memory the copy is host memory). The copy is made once
// per array (its bytes do not change while it owns the storage) and freed
// with the storage. Only exact, aligned matches are rewritten, and only
// addresses of live arrays, so other captured values are left alone.
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
// The live arrays homed on `home` (on any device when null), each retained
// once: the caller releases.
std::vector<storage *> retain_resident_arrays(device *home);

// Rewrites references to `arrays` (retained by the caller, homed on `q`'s
// device) in `functor` as described above; `bound[i]` is where the launch
// bound the data of `arrays[i]`, which the copy of the object holds when it
// differs from the data's home (a staging array's data lives on the host).
// Appends the address of each copy it wrote into the functor to `images`.
// When `slots` is not null (the argument block's array_object_slots, with
// the functor at byte `functor_offset` of the block), also copies each
// object whose reference has a slot there, and sets exactly their bits.
void relocate_array_references(void *functor, std::size_t size,
                               const std::vector<storage *> &arrays,
                               const std::vector<const void *> &bound,
                               const queue_ptr &q,
                               std::vector<const void *> &images,
                               array_object_slots *slots = nullptr,
                               std::size_t functor_offset = 0);

// Fills the slots (as above) of the words of `functor` that hold the address
// of a live array object homed on another device than `here`: the kernel
// reads such an object as it is (its data pointer is its home's).
void fill_array_slots_homed_elsewhere(const void *functor, std::size_t size,
                                      array_object_slots *slots,
                                      std::size_t functor_offset,
                                      const device *here);

// Makes every slot of `slots` whose bit is not set an array object with an
// unmapped data pointer (hc::abi::array_object_unmapped_data) and extents
// of 0: kernels read their slots without testing the mask, so a kernel
// that uses a reference to an array destroyed before the launch faults at
// its first element access.
void fill_empty_array_slots(array_object_slots *slots);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
