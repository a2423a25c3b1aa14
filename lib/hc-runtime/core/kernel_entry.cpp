// Which of a kernel's GPU entry points a launch uses (kernel_entry.hpp).
#include "core/kernel_entry.hpp"

#include "core/grid_size.hpp"
#include "core/image_registry.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <utility>

namespace hc {
namespace detail {
namespace rt {

namespace {

constexpr std::size_t first_large_size = std::size_t(1) << 31;

std::atomic<std::size_t> &large_storages() {
  static std::atomic<std::size_t> count{0};
  return count;
}

// Whether the images of `kind` define `name`. Names are the string literals
// of the launching code, so the pointer identifies the question; an image
// registers before code of its own translation unit can launch, so an
// answer does not change.
bool images_define(unsigned kind, const char *name) {
  struct answer {
    unsigned kind = 0;
    const char *name = nullptr;
    bool defined = false;
  };
  thread_local answer last;
  if (last.name == name && last.kind == kind)
    return last.defined;
  static std::mutex mutex;
  static std::map<std::pair<unsigned, const char *>, bool> known;
  bool defined;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = known.find({kind, name});
    if (found == known.end())
      found = known
                  .emplace(std::make_pair(kind, name),
                           !images_with_kernel(kind, name).empty())
                  .first;
    defined = found->second;
  }
  last = answer{kind, name, defined};
  return defined;
}

} // namespace

void note_storage_made(std::size_t bytes) noexcept {
  if (bytes >= first_large_size)
    large_storages().fetch_add(1, std::memory_order_relaxed);
}

void note_storage_freed(std::size_t bytes) noexcept {
  if (bytes >= first_large_size)
    large_storages().fetch_sub(1, std::memory_order_relaxed);
}

const char *kernel_entry_point(const kernel_launch &kernel, unsigned image_kind,
                               bool whole_tiles) {
  if (large_storages().load(std::memory_order_relaxed) != 0)
    return kernel.device_name;
  const char *whole = kernel.device_name_whole_tiles;
  if (whole_tiles && whole && images_define(image_kind, whole))
    return whole;
  const char *narrow = kernel.device_name_offsets32;
  if (narrow && images_define(image_kind, narrow))
    return narrow;
  return kernel.device_name;
}

bool whole_tiles_launch(const launch_geometry &g, const unsigned grid[3]) {
  if (!g.tiled())
    return false;
  for (int d = 0; d < g.rank; ++d)
    if (g.tile[d] == 0 || g.global[d] % g.tile[d] != 0)
      return false;
  const tile_counts tiles = count_tiles(g);
  for (int axis = 0; axis < 3; ++axis)
    if (grid[axis] != tiles.along_axis[axis])
      return false;
  return true;
}

} // namespace rt
} // namespace detail
} // namespace hc
