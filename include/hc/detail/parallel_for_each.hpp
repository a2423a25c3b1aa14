// hc::parallel_for_each: packs the kernel functor into one argument block,
// binds the arrays / array_views it captured, and enqueues it on an
// accelerator_view. Asynchronous: returns a completion_future at once.
//
// One kernel is one instantiation of hc_kernel<> (or hc_tiled_kernel<>),
// and of its 32-bit-offset twin hc_kernel32<> (hc_tiled_kernel32<>, and
// for tiled kernels the whole-tiles entry hc_tiled_kernel32_whole<>): the
// device pass compiles them for the GPU, the host pass looks up their
// device-side names to launch them by name, and the CPU backend calls the
// matching cpu_* entry points of the same functor compiled for the host.
#ifndef HC_DETAIL_PARALLEL_FOR_EACH_HPP
#define HC_DETAIL_PARALLEL_FOR_EACH_HPP

#include "hc/detail/accelerator.hpp"
#include "hc/detail/column_walk.hpp"
#include "hc/detail/fast_divide.hpp"
#include "hc/detail/index.hpp"
#include "hc/detail/offset_width.hpp"
#include "hc/detail/runtime.hpp"
#include "hc/detail/tiled.hpp"
#include "hc/detail/workitem.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>

namespace hc {
namespace detail {

// The kernel's argument block: the user's functor and the compute domain.
// Its bytes are handed to the device as they are on the host, so it holds
// nothing whose layout differs between the passes.
template <class Kernel, int N> struct kernel_args {
  // First, so that the functor's first words are where the slots expect
  // them (kernel_launch.hpp).
  array_object_slots array_slots;
  Kernel kernel;
  extent<N> domain;
  int tile[3];
  std::size_t total;
  // The launch as the work-item builtins report it (workitem.hpp).
  workitem_launch workitems;
  // Division by extents 1..N-1 as multiplication (fast_divide.hpp), set up
  // here once per launch for non-tiled kernels of rank 2 and up.
  fast_divider dividers[N];
  // Tiled launches: the number of tiles along each dimension.
  extent<N> tiles;
  // Non-tiled launches of rank 3: the order of the GPU's walk
  // (column_walk.hpp; depth 0 for every other launch).
  column_walk columns;

  kernel_args(const Kernel &k, const extent<N> &ext, const int *tile_sizes)
      : kernel(k), domain(ext), total(ext.size_wide()) {
    for (int i = 0; i < 3; ++i)
      tile[i] = (tile_sizes && i < N) ? tile_sizes[i] : 0;
    int components[N];
    for (int i = 0; i < N; ++i)
      components[i] = ext[i];
    workitems = make_workitem_launch<N>(components, tile_sizes);
    for (int i = 1; i < N; ++i)
      if (ext[i] > 0)
        dividers[i] = fast_divider(static_cast<std::uint32_t>(ext[i]));
    for (int i = 0; tile_sizes && i < N; ++i)
      if (tile_sizes[i] > 0)
        tiles[i] = (ext[i] + tile_sizes[i] - 1) / tile_sizes[i];
    if constexpr (N == 3)
      if (!tile_sizes && ext[0] >= 0 && ext[1] >= 0 && ext[2] >= 0)
        columns = column_walk::plan(static_cast<std::uint32_t>(ext[0]),
                                    static_cast<std::uint32_t>(ext[1]),
                                    static_cast<std::uint32_t>(ext[2]));
  }
};

// The device kernel's single by-value parameter: the argument block's raw
// bytes. Raw bytes, so the device never runs a constructor or destructor of
// the functor's members (host-side reference counts live in host memory).
template <class Kernel, int N> struct alignas(kernel_args<Kernel, N>) raw_args {
  unsigned char bytes[sizeof(kernel_args<Kernel, N>)];
};

template <class Kernel, int N>
HC_INLINE const kernel_args<Kernel, N> &unpack(const raw_args<Kernel, N> &raw) {
  return *reinterpret_cast<const kernel_args<Kernel, N> *>(raw.bytes);
}

// Calls the functor even if its operator() is not const (mutable lambdas).
// hcc also ran kernels that take no index at all (`[]() [[hc]] {}`).
// Overloads rather than `if constexpr`: the headers also serve C++11/14.
// The kernel's body is inlined into each entry point: a GPU kernel should
// not pay a call (its arguments go through local memory), and the device
// pass has two entry points per kernel (offset_width.hpp), which would cost
// the body the inliner's bonus for a function's only call.
template <class Kernel, class Arg>
HC_INLINE auto invoke_with(Kernel &k, Arg &arg, int) -> decltype(k(arg), void()) {
  [[clang::always_inline]] k(arg);
}
template <class Kernel, class Arg>
HC_INLINE void invoke_with(Kernel &k, Arg &, long) {
  [[clang::always_inline]] k();
}
template <class Kernel, class Arg>
HC_INLINE void invoke(const Kernel &k, Arg &arg) {
  invoke_with(const_cast<Kernel &>(k), arg, 0);
}

// `tile_ext` is the launch's tile size; the tiled_index's tile_dim is the
// size of this tile, smaller at the domain's far edges when the tile size
// does not divide the extent (as hcc reported it).
template <int N>
HC_INLINE tiled_index<N> make_tiled_index(const index<N> &tile,
                                          const index<N> &local,
                                          const extent<N> &tile_ext,
                                          const extent<N> &domain) {
  index<N> origin;
  extent<N> this_tile;
  for (int i = 0; i < N; ++i) {
    origin[i] = tile[i] * tile_ext[i];
    const int left = domain[i] - origin[i];
    this_tile[i] = left < tile_ext[i] ? left : tile_ext[i];
  }
  return tiled_index<N>(origin + local, local, tile, origin, tile_barrier(),
                        this_tile);
}

// --- GPU entry points (compiled by the device pass) ------------------------

// Non-tiled: a 1-D grid walks the linear ids with a grid-sized stride, so
// any extent (any rank, any size) fits whatever grid the backend launches;
// rank 3 walks columns of planes instead where the host planned it
// (column_walk.hpp).
template <class Kernel, int N>
__attribute__((device)) HC_INLINE void
run_kernel(const raw_args<Kernel, N> &raw) {
#if HC_DEVICE_PASS
  const kernel_args<Kernel, N> &a = unpack(raw);
  workitem_context self{a.workitems, 0, {0, 0, 0}, 0};
  gpu_publish_workitem(&self);
  if constexpr (N == 3) {
    if (a.columns.depth != 0 &&
        __gpu_num_threads_x() == column_walk::group_size) {
      const std::uint32_t nz = a.domain[0], ny = a.domain[1], nx = a.domain[2];
      a.columns.walk(__gpu_block_id_x(), __gpu_num_blocks_x(),
                     __gpu_thread_id_x(), nz, ny, nx,
                     [&](std::uint32_t z, std::uint32_t y, std::uint32_t x) {
                       self.linear = (std::size_t(z) * ny + y) * nx + x;
                       index<N> idx(static_cast<int>(z), static_cast<int>(y),
                                    static_cast<int>(x));
                       invoke(a.kernel, idx);
                     });
      return;
    }
  }
  std::size_t stride = static_cast<std::size_t>(__gpu_num_blocks_x()) *
                       __gpu_num_threads_x();
  std::size_t first =
      static_cast<std::size_t>(__gpu_block_id_x()) * __gpu_num_threads_x() +
      __gpu_thread_id_x();
  if constexpr (N >= 2) {
    // Ranks 2 and up divide each linear id by the extents: below 2^32
    // (every launch that fits in 4G work-items) by multiplication, with the
    // dividers the host set up (fast_divide.hpp).
    if (a.total <= 0xffffffffu) {
      for (std::size_t linear = first; linear < a.total; linear += stride) {
        self.linear = linear;
        index<N> idx = delinearize(static_cast<std::uint32_t>(linear), a.domain,
                                   a.dividers);
        invoke(a.kernel, idx);
      }
      return;
    }
  }
  for (std::size_t linear = first; linear < a.total; linear += stride) {
    self.linear = linear;
    index<N> idx = delinearize(linear, a.domain);
    invoke(a.kernel, idx);
  }
#else
  (void)raw;
#endif
}

// Tiled: one thread block per tile, block dimensions x/y/z = hc dimensions
// N-1/N-2/N-3 (the fastest varying dimension on x), and the grid's x/y/z
// number the tiles along the same dimensions. Each grid dimension is walked
// with a grid-sized stride, so any grid the backend launches works (CUDA
// allows 65535 blocks along y and z; a 1-D grid runs every tile too); every
// thread of a block runs the same iterations, so barriers stay matched.
// Tile coordinates come from the block ids without a division and count in
// 32 bits (a dimension has fewer than 2^31 tiles): numbering tiles linearly
// and dividing the number by the tile counts cost a kernel whose
// work-items move one element each a third of its instructions.
// Work-items beyond the extent (partial edge tiles) do not run the kernel.
template <class Kernel, int N>
__attribute__((device)) HC_INLINE void
run_tiled_kernel(const raw_args<Kernel, N> &raw) {
#if HC_DEVICE_PASS
  const kernel_args<Kernel, N> &a = unpack(raw);
  extent<N> tile_ext;
  index<N> local;
  const unsigned hw_local[3] = {__gpu_thread_id_x(), __gpu_thread_id_y(),
                                __gpu_thread_id_z()};
  // Tiles along the grid's x, y and z (1 past the rank).
  unsigned hw_tiles[3] = {1, 1, 1};
  for (int i = 0; i < N; ++i) {
    tile_ext[i] = a.tile[i];
    local[i] = static_cast<int>(hw_local[N - 1 - i]);
    hw_tiles[N - 1 - i] = static_cast<unsigned>(a.tiles[i]);
  }
  workitem_context self{
      a.workitems, 0, {hw_local[0], hw_local[1], hw_local[2]}, 0};
  gpu_publish_workitem(&self);
  // One loop, the tile's coordinates carried from one iteration to the
  // next like the digits of a counter: nested loops would let the body's
  // values that depend only on the outer coordinates be hoisted out of the
  // inner loop and occupy registers across the whole body (an SGEMM went
  // from 127 to 167 registers and lost half its occupancy).
  unsigned hw_tile[3] = {__gpu_block_id_x(), __gpu_block_id_y(),
                         __gpu_block_id_z()};
  const unsigned first_x = hw_tile[0], first_y = hw_tile[1];
  if (first_x >= hw_tiles[0] || first_y >= hw_tiles[1])
    return;
  while (hw_tile[2] < hw_tiles[2]) {
    // The tile's linear number, for the work-item builtins only.
    self.linear =
        (static_cast<std::size_t>(hw_tile[2]) * hw_tiles[1] + hw_tile[1]) *
            hw_tiles[0] +
        hw_tile[0];
    index<N> tile_id;
    for (int i = 0; i < N; ++i)
      tile_id[i] = static_cast<int>(hw_tile[N - 1 - i]);
    tiled_index<N> tidx = make_tiled_index(tile_id, local, tile_ext, a.domain);
    if (a.domain.contains(tidx.global))
      invoke(a.kernel, tidx);
    hw_tile[0] += __gpu_num_blocks_x();
    if (hw_tile[0] >= hw_tiles[0]) {
      hw_tile[0] = first_x;
      hw_tile[1] += __gpu_num_blocks_y();
      if (hw_tile[1] >= hw_tiles[1]) {
        hw_tile[1] = first_y;
        hw_tile[2] += __gpu_num_blocks_z();
      }
    }
  }
#else
  (void)raw;
#endif
}

// Tiled, for a launch whose grid has one block per tile and whose extent is
// whole tiles (the runtime chooses it, kernel_entry.cpp): the block's tile
// is its block ids, without the tile loop, the test of the block against
// the tile counts or the domain test. Where the work-items move one element
// each (a transpose, a reduction's first level), those were a third of the
// instructions.
template <class Kernel, int N>
__attribute__((device)) HC_INLINE void
run_whole_tiles_kernel(const raw_args<Kernel, N> &raw) {
#if HC_DEVICE_PASS
  const kernel_args<Kernel, N> &a = unpack(raw);
  const unsigned hw_local[3] = {__gpu_thread_id_x(), __gpu_thread_id_y(),
                                __gpu_thread_id_z()};
  const unsigned hw_tile[3] = {__gpu_block_id_x(), __gpu_block_id_y(),
                               __gpu_block_id_z()};
  workitem_context self{
      a.workitems,
      (static_cast<std::size_t>(hw_tile[2]) * __gpu_num_blocks_y() +
       hw_tile[1]) *
              __gpu_num_blocks_x() +
          hw_tile[0],
      {hw_local[0], hw_local[1], hw_local[2]},
      0};
  gpu_publish_workitem(&self);
  extent<N> tile_ext;
  index<N> local, tile_id, origin;
  for (int i = 0; i < N; ++i) {
    tile_ext[i] = a.tile[i];
    local[i] = static_cast<int>(hw_local[N - 1 - i]);
    tile_id[i] = static_cast<int>(hw_tile[N - 1 - i]);
    origin[i] = tile_id[i] * tile_ext[i];
  }
  tiled_index<N> tidx(origin + local, local, tile_id, origin, tile_barrier(),
                      tile_ext);
  invoke(a.kernel, tidx);
#else
  (void)raw;
#endif
}

// The entry points. Each kernel has two: the second computes element
// offsets in 32 bits, which the runtime launches while that is exact
// (offset_width.hpp); the annotation tells the compiler plugins which one
// it is (hc::abi::offsets_32_entry_annotation).
template <class Kernel, int N>
__attribute__((global)) void hc_kernel(raw_args<Kernel, N> raw) {
  run_kernel(raw);
}
template <class Kernel, int N>
__attribute__((global)) HC_OFFSETS_32_ENTRY void
hc_kernel32(raw_args<Kernel, N> raw) {
  run_kernel(raw);
}
template <class Kernel, int N>
__attribute__((global)) void hc_tiled_kernel(raw_args<Kernel, N> raw) {
  run_tiled_kernel(raw);
}
template <class Kernel, int N>
__attribute__((global)) HC_OFFSETS_32_ENTRY void
hc_tiled_kernel32(raw_args<Kernel, N> raw) {
  run_tiled_kernel(raw);
}
template <class Kernel, int N>
__attribute__((global)) HC_OFFSETS_32_ENTRY HC_WHOLE_TILES_ENTRY void
hc_tiled_kernel32_whole(raw_args<Kernel, N> raw) {
  run_whole_tiles_kernel(raw);
}

// --- CPU entry points (host pass) ------------------------------------------

// The work-items [begin, end) of a non-tiled launch, one after another.
// A function of its own, never inlined, for what its reference parameter
// tells the optimiser: the arguments may be read anywhere (dereferenceable)
// and nothing else writes them while it runs (__restrict), so the loads of
// the captures move out of the work-item loop even where the kernel reads
// them on some paths only, and the loop can be vectorised.
template <class Kernel, int N>
__attribute__((noinline)) void
cpu_run_work_items(const kernel_args<Kernel, N> &__restrict a,
                   std::size_t begin, std::size_t end) {
  // The range's end is read from the context: the runtime may shorten it
  // while a work-item spins (cpu_spin_point).
  workitem_context self{a.workitems, begin, {0, 0, 0}, end};
  cpu_workitem_scope current(&self);
  index<N> idx = delinearize(begin, a.domain);
  std::size_t linear = begin;
  while (linear < self.end) {
    // Along the fastest varying dimension: a counted loop, which the host
    // compiler vectorises across work-items where the kernel allows.
    const std::size_t row_end =
        linear + static_cast<std::size_t>(a.domain[N - 1] - idx[N - 1]);
    for (; linear < (row_end < self.end ? row_end : self.end); ++linear) {
      self.linear = linear;
      invoke(a.kernel, idx);
      ++idx[N - 1];
    }
    // Carry into the slower dimensions without dividing.
    idx[N - 1] = 0;
    for (int i = N - 2; i >= 0; --i) {
      if (++idx[i] < a.domain[i])
        break;
      idx[i] = 0;
    }
  }
}

template <class Kernel, int N>
void cpu_run_range(const void *args, std::size_t begin, std::size_t end) {
  if (begin < end)
    cpu_run_work_items(*static_cast<const kernel_args<Kernel, N> *>(args),
                       begin, end);
}

// One work-item of a tiled kernel: local position (l0, l1, l2) of `tile`,
// in cpu_tile's padded order (rank 1 is l2, rank 2 is l1, l2). Tiles run
// it as loops that the compiler made of it, split at its barriers
// (cpu_run_tile), or as a fiber per work-item (cpu_run_item). Its arguments
// are __restrict references: nothing writes them while it runs, which lets
// the compiler read them again after a barrier rather than keep what it
// read for every work-item, and they are known dereferenceable, which lets
// it read the kernel's captures once for all work-items even where only
// some of them use them (llvm-passes/cpu/CpuTileLoops.h).
template <class Kernel, int N>
void cpu_tile_work_item(const kernel_args<Kernel, N> &__restrict a,
                        const cpu_tile &__restrict tile, std::uint32_t l0,
                        std::uint32_t l1, std::uint32_t l2) {
  const std::uint32_t padded_local[3] = {l0, l1, l2};
  index<N> tile_id, local;
  extent<N> tile_ext;
  for (int i = 0; i < N; ++i) {
    tile_id[i] = static_cast<int>(tile.tile[i]);
    local[i] = static_cast<int>(padded_local[3 - N + i]);
    tile_ext[i] = a.tile[i];
  }
  tiled_index<N> tidx = make_tiled_index(tile_id, local, tile_ext, a.domain);
  // hcc's dimension order for the builtins: 0 is hc's component N-1.
  workitem_context self{a.workitems, 0, {0, 0, 0}, 0};
  std::size_t linear_tile = 0;
  for (int i = 0; i < N; ++i) {
    linear_tile = linear_tile * a.workitems.groups[N - 1 - i] +
                  static_cast<std::size_t>(tile.tile[i]);
    self.local[N - 1 - i] = static_cast<std::uint32_t>(local[i]);
  }
  self.linear = linear_tile;
  cpu_workitem_scope current(&self);
  invoke(a.kernel, tidx);
}

// A whole tile as loops over its work-items, when the compiler could split
// the kernel at its barriers; false (at once) when it could not.
template <class Kernel, int N>
bool cpu_run_tile(const void *args, const cpu_tile &tile) {
#if HC_DEVICE_PASS
  (void)args;
  (void)tile;
  return false;
#else
  cpu_workitem_restore outer;
  // Only the pass reads the work-item function's address (never called
  // through this type): its parameters are references to what the runtime
  // passes as pointers, the same in the compiled code.
  return __hcc_cpu_tile_loops(
      args, &tile, tile.shape[0], tile.shape[1], tile.shape[2],
      reinterpret_cast<cpu_tile_work_item_fn>(&cpu_tile_work_item<Kernel, N>));
#endif
}

// One work-item of a tile run as fibers.
template <class Kernel, int N>
void cpu_run_item(const void *args, const cpu_work_item &item) {
  cpu_tile tile{};
  std::uint32_t padded_local[3] = {0, 0, 0};
  for (int i = 0; i < N; ++i) {
    tile.tile[i] = item.tile[i];
    padded_local[3 - N + i] = static_cast<std::uint32_t>(item.local[i]);
  }
  cpu_tile_work_item<Kernel, N>(
      *static_cast<const kernel_args<Kernel, N> *>(args), tile, padded_local[0],
      padded_local[1], padded_local[2]);
}

// --- launch -----------------------------------------------------------------

template <int N> void check_domain(const extent<N> &ext) {
  for (int i = 0; i < N; ++i)
    if (ext[i] < 0)
      throw invalid_compute_domain(
          "parallel_for_each: dimension " + std::to_string(i) +
          " of the extent is negative (" + std::to_string(ext[i]) + ")");
}

#if HC_AMP_MODE
// C++ AMP's rules for a compute domain (hc runs nothing for an empty one):
// every extent positive and at most 2^32 - 1 work-items.
template <int N> void check_amp_domain(const extent<N> &ext) {
  std::size_t total = 1;
  for (int i = 0; i < N; ++i) {
    if (ext[i] <= 0)
      throw invalid_compute_domain(
          "parallel_for_each: extent " + std::to_string(ext[i]) +
          " in dimension " + std::to_string(i) + " is not positive");
    total *= static_cast<std::size_t>(ext[i]);
    if (total > 0xffffffffu)
      throw invalid_compute_domain("parallel_for_each: the compute domain "
                                   "has more than 2^32 - 1 work-items");
  }
}
#endif

template <int N>
void check_tiles(const tiled_extent<N> &ext, const accelerator_view &av) {
  check_domain<N>(ext);
  const device_info &info = av.queue()->get_device().info();
  // hcc's messages, which programs match.
  auto too_big = [](std::size_t tile, const char *what, std::size_t limit,
                    int dim) {
    return invalid_compute_domain(
        "The extent of the tile (" + std::to_string(tile) + ") exceeds the " +
        what + " (" + std::to_string(limit) + ") in dimension " +
        std::to_string(dim) + " of parallel_for_each");
  };
  std::size_t tile_size = 1;
  for (int i = 0; i < N; ++i) {
    if (ext.tile_dim[i] <= 0)
      throw invalid_compute_domain(
          "parallel_for_each: tile size " + std::to_string(ext.tile_dim[i]) +
          " in dimension " + std::to_string(i) + " is not positive");
    auto tile = static_cast<std::size_t>(ext.tile_dim[i]);
    if (tile > info.max_tile_size)
      throw too_big(tile, "device limit", info.max_tile_size, i);
    if (ext.tile_dim[i] > ext[i])
      throw too_big(tile, "compute grid extent", ext[i], i);
    tile_size *= tile;
  }
  if (tile_size > info.max_tile_size)
    throw invalid_compute_domain(
        "The extent of the tile (" + std::to_string(tile_size) +
        " work-items) exceeds the device limit (" +
        std::to_string(info.max_tile_size) + ") of parallel_for_each");
  if (info.max_tile_static_bytes &&
      ext.get_dynamic_group_segment_size() > info.max_tile_static_bytes)
    throw invalid_compute_domain(
        "parallel_for_each: dynamic group segment of " +
        std::to_string(ext.get_dynamic_group_segment_size()) +
        " bytes exceeds the accelerator's limit of " +
        std::to_string(info.max_tile_static_bytes));
}

#if defined(__KALMAR_AMP__) && __KALMAR_AMP__
// Set by Concurrency::async_parallel_for_each around its launch.
inline thread_local bool amp_launch_is_async = false;
#endif

#if HC_AMP_MODE
#if !HC_DEVICE_PASS
// C++ AMP mode programs use C++ AMP's device model (runtime.hpp): every
// translation unit switches it on as the program starts.
[[maybe_unused]] static const bool amp_device_model_on =
    (use_amp_device_model(), true);
#endif

// C++ AMP 1.2 3.2: the CPU accelerator holds data for the host and runs no
// kernel; parallel_for_each on it throws, with Visual C++'s message.
inline void check_amp_launch_target(const accelerator_view &av) {
  if (!av.queue()->get_device().runs_kernels())
    throw runtime_exception("concurrency::parallel_for_each is not supported "
                            "on the selected accelerator \"CPU "
                            "accelerator\".",
                            Kalmar::E_INVALIDARG_CODE);
}

// C++ AMP's accelerator_view for a parallel_for_each without one: that of
// the arrays the kernel captured (by reference), else the automatic
// selection.
template <class Kernel>
accelerator_view amp_target_view(const Kernel &f) {
  if (queue_ptr q = captured_array_view(&f, sizeof f))
    return accelerator_view(q);
  return accelerator::get_auto_selection_view();
}
#endif

// Copies the functor under a launch_scope (binding captured data), then
// submits it.
template <bool Tiled, class Kernel, int N>
completion_future launch(const accelerator_view &av, const extent<N> &ext,
                         const int *tile_sizes, std::size_t dynamic_bytes,
                         const Kernel &f) {
  using args_t = kernel_args<Kernel, N>;
#if HC_AMP_MODE
  check_amp_launch_target(av);
#endif
  launch_scope scope(av.queue());
  std::shared_ptr<args_t> args = std::make_shared<args_t>(f, ext, tile_sizes);
  scope.close();

  kernel_launch k;
  k.args = args.get();
  k.args_size = sizeof(args_t);
  k.args_owner = args;
  k.functor = &args->kernel;
  k.functor_size = sizeof(Kernel);
  k.array_slots = &args->array_slots;
  launch_geometry &g = k.geometry;
  g.dynamic_group_bytes = dynamic_bytes;
  if constexpr (Tiled) {
    k.device_name =
        __builtin_get_device_side_mangled_name(hc_tiled_kernel<Kernel, N>);
    k.device_name_offsets32 =
        __builtin_get_device_side_mangled_name(hc_tiled_kernel32<Kernel, N>);
    k.device_name_whole_tiles = __builtin_get_device_side_mangled_name(
        hc_tiled_kernel32_whole<Kernel, N>);
    k.cpu_item = &cpu_run_item<Kernel, N>;
    k.cpu_tile = &cpu_run_tile<Kernel, N>;
    g.rank = N;
    for (int i = 0; i < N; ++i) {
      g.global[i] = static_cast<std::size_t>(ext[i]);
      g.tile[i] = static_cast<std::size_t>(tile_sizes[i]);
    }
  } else {
    k.device_name = __builtin_get_device_side_mangled_name(hc_kernel<Kernel, N>);
    k.device_name_offsets32 =
        __builtin_get_device_side_mangled_name(hc_kernel32<Kernel, N>);
    k.cpu_range = &cpu_run_range<Kernel, N>;
    g.rank = 1;
    g.global[0] = args->total;
  }
  completion_future done(scope.submit(k));
#if defined(__KALMAR_AMP__) && __KALMAR_AMP__
  // C++ AMP mode: parallel_for_each returns when the kernel has finished,
  // as the original hcc's did (its C++ AMP launch waited), so that the host
  // can read memory a kernel wrote through captured pointers right after
  // the call (the original hcc's SVM samples, docs/svm.md).
  // Concurrency::async_parallel_for_each opts out.
  if (!amp_launch_is_async)
    done.wait();
#endif
  return done;
}

} // namespace detail

template <int N, typename Kernel>
completion_future parallel_for_each(const accelerator_view &av,
                                    const extent<N> &compute_domain,
                                    const Kernel &f) {
#if HC_AMP_MODE
  detail::check_amp_domain(compute_domain);
#else
  detail::check_domain(compute_domain);
#endif
  return detail::launch<false>(av, compute_domain, nullptr, 0, f);
}

template <int N, typename Kernel>
completion_future parallel_for_each(const extent<N> &compute_domain,
                                    const Kernel &f) {
#if HC_AMP_MODE
  return parallel_for_each(detail::amp_target_view(f), compute_domain, f);
#else
  return parallel_for_each(accelerator::get_auto_selection_view(),
                           compute_domain, f);
#endif
}

template <int N, typename Kernel>
completion_future parallel_for_each(const accelerator_view &av,
                                    const tiled_extent<N> &compute_domain,
                                    const Kernel &f) {
  // As hcc: an empty domain runs nothing, whatever its tiles.
  detail::check_domain<N>(compute_domain);
  if (compute_domain.size_wide() == 0)
    return completion_future();
  detail::check_tiles(compute_domain, av);
  return detail::launch<true>(av,
                              static_cast<const extent<N> &>(compute_domain),
                        compute_domain.tile_dim,
                        compute_domain.get_dynamic_group_segment_size(), f);
}

template <int N, typename Kernel>
completion_future parallel_for_each(const tiled_extent<N> &compute_domain,
                                    const Kernel &f) {
#if HC_AMP_MODE
  return parallel_for_each(detail::amp_target_view(f), compute_domain, f);
#else
  return parallel_for_each(accelerator::get_auto_selection_view(),
                           compute_domain, f);
#endif
}

} // namespace hc

#endif // HC_DETAIL_PARALLEL_FOR_EACH_HPP
