#include "backends/cpu/kernel_executor.hpp"

#include "backends/cpu/spin_points.hpp"
#include "backends/cpu/stack_overflow.hpp"
#include "backends/cpu/thread_pool.hpp"
#include "backends/cpu/tile_runner.hpp"
#include "core/host_memory.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace hc {
namespace detail {

namespace rt {
namespace cpu {
namespace {

// Read and written for every tile: the initial-exec model makes each
// access an offset from the thread pointer instead of a call of
// __tls_get_addr (the library is loaded with the program, not dlopen()ed
// late, so its thread-locals fit the static TLS block).
#define HC_CPU_TILE_STATE                                                      \
  thread_local __attribute__((tls_model("initial-exec")))
HC_CPU_TILE_STATE bool in_kernel = false;
// The thread runs a tile as the loops the compiler made of it.
HC_CPU_TILE_STATE bool in_tile_loops = false;
HC_CPU_TILE_STATE void *group_segment = nullptr;
HC_CPU_TILE_STATE std::size_t group_segment_size = 0;
#undef HC_CPU_TILE_STATE

// Marks the thread as running kernel `k` for the lifetime of the object
// (restoring the previous state: nested jobs run inside kernels too), and
// reports an overflow of its stacks (stack_overflow.hpp).
class kernel_code_scope {
public:
  explicit kernel_code_scope(const kernel_launch &k)
      : previous_(in_kernel), watch_(k.device_name) {
    in_kernel = true;
  }
  ~kernel_code_scope() { in_kernel = previous_; }

private:
  bool previous_;
  stack_overflow_watch watch_;
};

// The dynamic group segment of the tiles a thread runs, grown on demand and
// kept for the thread's lifetime. It lies between two guard regions of the
// size a GPU's group memory can span (64 KiB), as a GPU's group segment
// lies inside the group memory, so that kernels indexing a little outside
// their segment behave as on hcc's GPUs rather than corrupting the heap:
// below the segment, reads give 0 (the region is read-only zeros, as a GPU
// reads 0 outside the group memory; a write there faults); above it, reads
// and writes use memory of no other use (like the rest of a GPU's group
// memory).
class group_segment_buffer {
public:
  ~group_segment_buffer() { release(); }
  void *get(std::size_t bytes) {
    if (bytes > capacity_) {
      release();
      const std::size_t page = page_size();
      const std::size_t size = (bytes + page - 1) / page * page;
      void *m = mmap(nullptr, guard + size + guard, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED)
        throw Kalmar::out_of_memory(
            "hc runtime: no memory for a tile's dynamic group segment of " +
            std::to_string(bytes) + " bytes");
      mprotect(m, guard, PROT_READ);
      mapping_ = m;
      mapping_size_ = guard + size + guard;
      data_ = static_cast<char *>(m) + guard;
      capacity_ = size;
    }
    return data_;
  }

private:
  static constexpr std::size_t guard = 64 * 1024;
  static std::size_t page_size() {
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? static_cast<std::size_t>(p) : 4096;
  }
  void release() noexcept {
    if (mapping_)
      munmap(mapping_, mapping_size_);
    mapping_ = nullptr;
    data_ = nullptr;
    capacity_ = 0;
  }
  void *mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  void *data_ = nullptr;
  std::size_t capacity_ = 0;
};

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// Work-items of the launch; dimensions beyond the rank do not count.
std::size_t total_items(const launch_geometry &g) {
  std::size_t total = 1;
  for (int d = 0; d < g.rank; ++d)
    total *= g.global[d];
  return total;
}

struct tiled_launch {
  const kernel_launch *kernel;
  int rank;
  std::size_t tiles[3];     // tiles per dimension
  std::size_t tile_size[3]; // work-items per tile per dimension
};

// One tile in flight on this thread; work-item i is decomposed row-major
// over the tile's actual shape (a trailing partial tile is smaller).
struct tile_context {
  const tiled_launch *launch;
  std::size_t tile[3];
  std::size_t origin[3];
  std::size_t shape[3];
};

void run_work_item(void *context, std::size_t linear) {
  const tile_context &t = *static_cast<const tile_context *>(context);
  const int rank = t.launch->rank;
  cpu_work_item item{};
  for (int d = rank - 1; d >= 0; --d) {
    item.local[d] = linear % t.shape[d];
    linear /= t.shape[d];
    item.tile[d] = t.tile[d];
    item.global[d] = t.origin[d] + item.local[d];
  }
  t.launch->kernel->cpu_item(t.launch->kernel->args, item);
}

// The tile as the entry point of a split kernel takes it (cpu_tile).
cpu_tile split_tile(const tile_context &t) {
  const int rank = t.launch->rank;
  cpu_tile tile{};
  for (int d = 0; d < 3; ++d)
    tile.shape[d] = 1;
  for (int d = 0; d < rank; ++d) {
    tile.tile[d] = t.tile[d];
    tile.shape[3 - rank + d] = static_cast<std::uint32_t>(t.shape[d]);
  }
  return tile;
}

// The thread's dynamic group segment for the tiles of one launch, from
// construction to destruction (then the one before: a tile may launch
// kernels that this thread helps with).
class group_segment_scope {
public:
  explicit group_segment_scope(std::size_t bytes)
      : previous_(group_segment), previous_size_(group_segment_size) {
    group_segment = bytes ? buffer().get(bytes) : nullptr;
    group_segment_size = bytes;
  }
  ~group_segment_scope() {
    group_segment = previous_;
    group_segment_size = previous_size_;
  }

private:
  void *previous_;
  std::size_t previous_size_;
  static group_segment_buffer &buffer() {
    thread_local group_segment_buffer mine;
    return mine;
  }
};

// Kernels may run nested in kernels: each tile sets the flag for its own
// work-items and gives the one before back.
class tile_loops_scope {
public:
  explicit tile_loops_scope(bool loops) : previous_(in_tile_loops) {
    in_tile_loops = loops;
  }
  ~tile_loops_scope() { in_tile_loops = previous_; }

private:
  bool previous_;
};

void run_tile(const tiled_launch &launch, const std::size_t (&coords)[3]) {
  const kernel_launch &k = *launch.kernel;
  tile_context t{};
  t.launch = &launch;
  std::size_t items = 1;
  for (int d = 0; d < launch.rank; ++d) {
    t.tile[d] = coords[d];
    t.origin[d] = coords[d] * launch.tile_size[d];
    t.shape[d] =
        std::min(launch.tile_size[d], k.geometry.global[d] - t.origin[d]);
    items *= t.shape[d];
  }
  if (k.cpu_tile) {
    tile_loops_scope loops(true);
    if (k.cpu_tile(k.args, split_tile(t)))
      return;
  }
  tile_loops_scope fibers(false);
  tile_runner::for_this_thread().run(items, run_work_item, &t);
}

// Tiles [first, end) in row-major order: their coordinates are carried
// from one tile to the next rather than divided out of each tile's number.
void run_tiles(const tiled_launch &launch, std::size_t first, std::size_t end) {
  group_segment_scope segment(launch.kernel->geometry.dynamic_group_bytes);
  std::size_t coords[3] = {0, 0, 0};
  std::size_t rest = first;
  for (int d = launch.rank - 1; d >= 0; --d) {
    coords[d] = rest % launch.tiles[d];
    rest /= launch.tiles[d];
  }
  for (std::size_t tile = first; tile < end; ++tile) {
    run_tile(launch, coords);
    for (int d = launch.rank - 1; d >= 0; --d) {
      if (++coords[d] < launch.tiles[d])
        break;
      coords[d] = 0;
    }
  }
}

void execute_tiled(const kernel_launch &k, thread_pool &pool) {
  tiled_launch launch{};
  launch.kernel = &k;
  launch.rank = k.geometry.rank;
  std::size_t total_tiles = 1;
  for (int d = 0; d < launch.rank; ++d) {
    launch.tile_size[d] = k.geometry.tile[d];
    launch.tiles[d] = ceil_div(k.geometry.global[d], k.geometry.tile[d]);
    total_tiles *= launch.tiles[d];
  }
  // Tiles are claimed in groups: enough groups for load balance (8 per
  // thread), few enough that claiming costs nothing.
  std::size_t per_chunk =
      std::max<std::size_t>(1, total_tiles / (pool.concurrency() * 8ull));
  std::size_t chunks = ceil_div(total_tiles, per_chunk);
  pool.run(chunks, [&](std::size_t chunk) {
    kernel_code_scope scope(k);
    run_tiles(launch, chunk * per_chunk,
              std::min(total_tiles, (chunk + 1) * per_chunk));
  });
}

void run_flat_range(const kernel_launch &k, std::size_t begin,
                    std::size_t end) {
  kernel_code_scope scope(k);
  k.cpu_range(k.args, begin, end);
}

void execute_flat(const kernel_launch &k, thread_pool &pool) {
  const std::size_t total = total_items(k.geometry);
  std::size_t per_chunk =
      std::max<std::size_t>(1, total / (pool.concurrency() * 8ull));
  // The pool's threads claim the chunks; a work-item that waits hands the
  // rest of its chunk and the unclaimed ones to a thread of its own
  // (spin_points.hpp). The launch ends when those threads have.
  flat_launch launch(k, run_flat_range, total, per_chunk);
  pool.run(std::min<std::size_t>(launch.chunks(), pool.concurrency()),
           [&](std::size_t) { launch.drain(); });
  launch.finish();
}

} // namespace

void validate_launch(const kernel_launch &k, const device_info &info) {
  const launch_geometry &g = k.geometry;
  if (g.rank < 1 || g.rank > 3)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: kernel rank " + std::to_string(g.rank) +
        " (the runtime takes 1 to 3; higher ranks are flattened by the "
        "headers)");
  if (!g.tiled()) {
    bool any_tile = false;
    for (int d = 1; d < g.rank; ++d)
      any_tile = any_tile || g.tile[d] != 0;
    if (any_tile || (!k.cpu_range && k.cpu_item))
      throw Kalmar::invalid_compute_domain(
          "hc runtime: tile size 0 in dimension 0");
    if (!k.cpu_range)
      throw Kalmar::runtime_exception(
          "hc runtime: kernel has no CPU entry point for a non-tiled launch",
          Kalmar::E_FAIL_CODE);
    return;
  }
  if (!k.cpu_item)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel has no CPU entry point for a tiled launch",
        Kalmar::E_FAIL_CODE);
  std::size_t items = 1;
  for (int d = 0; d < g.rank; ++d) {
    if (g.tile[d] == 0)
      throw Kalmar::invalid_compute_domain(
          "hc runtime: tile size 0 in dimension " + std::to_string(d));
    items *= g.tile[d];
    if (items > info.max_tile_size)
      break;
  }
  if (items > info.max_tile_size)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: a tile has more than " +
        std::to_string(info.max_tile_size) + " work-items");
  if (g.dynamic_group_bytes > info.max_tile_static_bytes)
    throw Kalmar::runtime_exception(
        "hc runtime: " + std::to_string(g.dynamic_group_bytes) +
            " bytes of dynamic group segment requested; the device allows " +
            std::to_string(info.max_tile_static_bytes),
        Kalmar::E_INVALIDARG_CODE);
}

void execute_kernel(const kernel_launch &k, thread_pool &pool) {
  if (total_items(k.geometry) == 0)
    return;
  if (k.geometry.tiled())
    execute_tiled(k, pool);
  else
    execute_flat(k, pool);
}

} // namespace cpu
} // namespace rt

// Entry points the headers call from kernel code (runtime.hpp).

extern "C" void __hcc_cpu_tile_barrier() {
  // The loops of a tile have no barrier calls left: this one is in code
  // the compiler did not see when it made them.
  if (rt::cpu::in_tile_loops)
    throw Kalmar::runtime_exception(
        "hc runtime: a tile barrier was reached in code the compiler did not "
        "see when it made the tile's loops (a function of another "
        "translation unit); define it in the kernel's translation unit, or "
        "build with -mllvm -hcc-cpu-tile-loops=false",
        Kalmar::E_FAIL_CODE);
  rt::cpu::tile_runner::barrier();
}

void *cpu_dynamic_group_segment() { return rt::cpu::group_segment; }

std::size_t cpu_dynamic_group_segment_size() {
  return rt::cpu::group_segment_size;
}

bool in_cpu_kernel() noexcept { return rt::cpu::in_kernel; }

} // namespace detail
} // namespace hc
