// The runtime's half of tiles split at their barriers (the compiler's half
// is llvm-passes/cpu/CpuTileLoops.h): the answer for kernels the compiler
// left whole, and the storage that split tiles keep their work-items'
// values in across barriers.
#include "hc/detail/exceptions.hpp"
#include "hc/detail/kernel_launch.hpp"

#include <cstdlib>
#include <string>

namespace hc {
namespace detail {
namespace {

// The calling thread's storage, grown on demand and kept: every tile of a
// kernel asks for the same size, so it is allocated once per thread and
// kernel shape.
class tile_context_buffer {
public:
  ~tile_context_buffer() { std::free(data_); }
  void *get(std::size_t bytes) {
    if (bytes <= capacity_)
      return data_;
    // Twice what is asked, so that a few growing kernels do not reallocate
    // at every launch; a multiple of the alignment (aligned_alloc wants it).
    const std::size_t size =
        (bytes * 2 + alignment - 1) / alignment * alignment;
    void *fresh = std::aligned_alloc(alignment, size);
    if (!fresh)
      throw Kalmar::out_of_memory(
          "hc runtime: no memory for the " + std::to_string(bytes) +
          " bytes the work-items of a tile keep across its barriers");
    std::free(data_);
    data_ = fresh;
    capacity_ = size;
    return data_;
  }

private:
  static constexpr std::size_t alignment = 64;
  void *data_ = nullptr;
  std::size_t capacity_ = 0;
};

} // namespace

extern "C" bool __hcc_cpu_tile_loops(const void *, const cpu_tile *,
                                     std::uint32_t, std::uint32_t,
                                     std::uint32_t, cpu_tile_work_item_fn) {
  return false;
}

extern "C" void *__hcc_cpu_tile_context(std::size_t bytes, unsigned part) {
  thread_local tile_context_buffer buffers[2];
  return buffers[part & 1u].get(bytes);
}

} // namespace detail
} // namespace hc
