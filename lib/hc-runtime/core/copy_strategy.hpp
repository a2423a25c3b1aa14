// How a copy between device memory and *unpinned* host memory is done
// (docs/host-memory.md). Pure logic, shared by the GPU backends and unit
// tested on its own; the backends do the mechanics.
//
//   direct        the host memory is handed to the DMA path as it is (on
//                 CUDA: the driver's own pageable-memory copy; on a
//                 large-BAR GPU the CPU writes device memory itself)
//   staging       through pinned staging buffers, chunk by chunk, the CPU
//                 copying the next chunk while the DMA engine moves this one
//   pin_in_place  the user's pages are page-locked for the copy, and the
//                 DMA engine reads / writes them directly
#ifndef HC_RUNTIME_CORE_COPY_STRATEGY_HPP
#define HC_RUNTIME_CORE_COPY_STRATEGY_HPP

#include <cstddef>
#include <functional>
#include <string>

namespace hc {
namespace detail {
namespace rt {

enum class copy_strategy { direct, staging, pin_in_place };
const char *copy_strategy_name(copy_strategy s);

// HCC_UNPINNED_COPY_MODE.
enum class unpinned_copy_mode { automatic = 0, pin_in_place = 1, staging = 2,
                                direct = 3 };

// A pin-in-place threshold of `copy_threshold_off`: never pin automatically.
constexpr std::size_t copy_threshold_off = ~std::size_t(0);

struct copy_settings {
  unpinned_copy_mode mode = unpinned_copy_mode::automatic;
  // Bytes (the variables are in KB = 1024 bytes; "off" = copy_threshold_off).
  std::size_t h2d_staging_threshold = 64 * 1024; // direct below
  // Staging below. The original hcc's defaults (4096 KB to the device,
  // 1024 KB from it, as HIP documents them) were measured slower than
  // staging at every size on an H200 (CUDA 13, docs/performance.md):
  // registering the pages costs more per copy than the CPU copy it saves.
  // Pin-in-place is only taken when asked for (HCC_UNPINNED_COPY_MODE=1 or
  // a threshold).
  std::size_t h2d_pin_in_place_threshold = copy_threshold_off;
  std::size_t d2h_pin_in_place_threshold = copy_threshold_off;
  // Not in the original hcc (HIP has no direct path from the device):
  // copies from the device below this go straight to the driver where the
  // device can (CUDA's pageable path). Default 0, the original hcc's rule
  // (staging at every size): on an H100 (docs/host-memory.md) the driver's
  // path was faster than staging at 4 KiB in 6 of 11 runs, slower in 5.
  std::size_t d2h_staging_threshold = 0;
};

// What the device and backend can do.
struct copy_capabilities {
  bool direct_h2d = true;   // host memory can be handed to the DMA as is
  bool direct_d2h = false;
  bool pin_in_place = true; // host memory can be page-locked
};

// Reads the settings through `lookup` (name -> value, "" when unset).
// A value that is not a non-negative integer (mode: 0..3; a threshold may
// also be "off") is reported through `report` (one message per bad
// variable) and the default used.
copy_settings
parse_copy_settings(const std::function<std::string(const char *)> &lookup,
                    const std::function<void(const std::string &)> &report);

// The process's settings: read from the environment on first use; bad
// values are reported once, on stderr.
const copy_settings &process_copy_settings();

// The strategy for `bytes` of unpinned host memory in one direction.
// Automatic (the original hcc's table, with hcc's own default thresholds):
//   host->device: < h2d_staging_threshold: direct; < h2d_pin_in_place:
//                 staging; else pin-in-place (default: off, never)
//   device->host: < d2h_staging_threshold: direct (where the device can;
//                 else staging); < d2h_pin_in_place: staging; else
//                 pin-in-place (default: off, never)
// A forced mode the device cannot do falls back to the automatic choice;
// a choice the device cannot do falls back to staging (always possible).
copy_strategy choose_copy_strategy(bool host_to_device, std::size_t bytes,
                                   const copy_settings &settings,
                                   const copy_capabilities &caps);

// Splitting a staged copy: chunk `index` of a copy of `bytes` through
// buffers of `chunk` bytes covers [offset, offset + size).
struct copy_chunk {
  std::size_t offset, size;
};
std::size_t chunk_count(std::size_t bytes, std::size_t chunk);
copy_chunk chunk_at(std::size_t bytes, std::size_t chunk, std::size_t index);

// The page-aligned range that holds [ptr, ptr + bytes) (pin-in-place locks
// whole pages).
struct page_range {
  void *base;
  std::size_t bytes;
};
page_range enclosing_pages(const void *ptr, std::size_t bytes,
                           std::size_t page_size);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
