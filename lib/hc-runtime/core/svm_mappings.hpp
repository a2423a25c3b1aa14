// What the process's address space holds at an address: the mapping from
// /proc/self/maps, as the kernel reports it. Used by shared virtual memory
// (svm_visibility.hpp) to decide which host pages a kernel's pointer needs and
// how long they stay valid.
#ifndef HC_RUNTIME_CORE_SVM_MAPPINGS_HPP
#define HC_RUNTIME_CORE_SVM_MAPPINGS_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

struct host_mapping {
  std::uintptr_t begin = 0, end = 0;
  bool readable = false, writable = false, executable = false;
  std::string path; // "[heap]", "[stack]", a file, or "" (anonymous)
};

// A mapping of a device file (/dev/nvidiactl, /dev/dri/...): a driver's
// own memory, never the program's data. A functor word that points there
// is a stale value or padding: memory a driver maps for kernels is known
// to it (device::kernel_can_access) before the maps are read.
inline bool is_device_file(const host_mapping &m) {
  return m.path.compare(0, 5, "/dev/") == 0;
}

std::size_t page_size() noexcept;
std::uintptr_t page_floor(std::uintptr_t addr) noexcept;
std::uintptr_t page_ceil(std::uintptr_t addr) noexcept;

// True when some mapping covers `addr` (one mincore() call: cheap enough to
// filter the integers among a functor's words before reading the maps).
bool is_mapped(std::uintptr_t addr) noexcept;

// The mapping that covers `addr`, read from /proc/self/maps. False when none.
bool find_mapping(std::uintptr_t addr, host_mapping &out);

// Every mapping, in address order (the kernel lists them so).
std::vector<host_mapping> read_mappings();

// The calling thread's stack [begin, end), from pthread_getattr_np.
bool current_thread_stack(std::uintptr_t &begin, std::uintptr_t &end) noexcept;

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc

#endif
