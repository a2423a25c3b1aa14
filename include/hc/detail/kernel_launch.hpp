// What the headers hand the runtime to launch a kernel, and the CPU
// backend's helpers that kernels call on the host (part of runtime.hpp,
// the interface between the hc headers and libhc_runtime).
#ifndef HC_DETAIL_KERNEL_LAUNCH_HPP
#define HC_DETAIL_KERNEL_LAUNCH_HPP

#include "hc/detail/abi_names.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace hc {
namespace detail {

// ---------------------------------------------------------------------------
// Kernels.
// ---------------------------------------------------------------------------

// Geometry of a launch, in hc's dimension order: dimension 0 is the slowest
// varying (row-major), dimension rank-1 the fastest. Kernels of rank > 3 are
// flattened to rank 1 by the headers, so rank is 1..3 here.
struct launch_geometry {
  int rank = 1;
  std::size_t global[3] = {1, 1, 1};
  // Tile size per dimension; all zero for a non-tiled launch.
  std::size_t tile[3] = {0, 0, 0};
  // Bytes of dynamic group segment (tile_static) memory per tile.
  std::size_t dynamic_group_bytes = 0;

  bool tiled() const { return tile[0] != 0; }
  std::size_t total() const { return global[0] * global[1] * global[2]; }
};

// Per-work-item coordinates handed to CPU entry points of tiled kernels, in
// hc's dimension order (only the first `rank` entries are meaningful).
struct cpu_work_item {
  std::size_t global[3];
  std::size_t local[3];
  std::size_t tile[3];
};

// A tile of a tiled launch, for the CPU entry point that runs a whole tile:
// its position in hc's dimension order (the first `rank` entries) and its
// work-items per dimension, padded at the front to three (rank 1: {1, 1,
// n}; rank 2: {1, n0, n1}), so that the last dimension is the fastest.
struct cpu_tile {
  std::size_t tile[3];
  std::uint32_t shape[3];
};

// Runs the non-tiled kernel for linear work-item ids [begin, end).
using cpu_range_fn = void (*)(const void *args, std::size_t begin,
                              std::size_t end);
// Runs one work-item of a tiled kernel. The CPU backend runs all work-items
// of a tile as fibers of one thread so tile_barrier::wait() can switch.
using cpu_item_fn = void (*)(const void *args, const cpu_work_item &item);
// Runs every work-item of a tiled kernel's tile as loops, the kernel split
// at its barriers by the compiler (llvm-passes/cpu/CpuTileLoops.h), and
// returns true; returns false at once for a kernel the compiler left whole,
// whose tiles then run through cpu_item as fibers.
using cpu_tile_fn = bool (*)(const void *args, const cpu_tile &tile);

// The start of every kernel's argument block: copies of the array objects
// the functor reaches through references ([&] captures of hc::array). A
// kernel reading such an object through the reference waits for one more
// dependent load from memory before each element access; from its
// parameters (constant memory on NVIDIA GPUs, the kernarg segment on AMD
// ones) the fields cost nothing. Slot w belongs to the pointer-sized word at
// byte hc::abi::array_object_slots_first_word + 8 w of the block; the runtime
// fills it when that word is the address of a live array object
// (lib/hc-runtime/core/resident_arrays.cpp) and sets bit w of `filled`; the
// pass plugin makes GPU kernels read the fields from there
// (llvm-passes/optimize/KernelArrayObjects.h). The CPU backend does not
// read them.
struct array_object_slots {
  std::uint64_t filled = 0;
  unsigned char objects[hc::abi::array_object_slot_count]
                       [hc::abi::array_object_slot_bytes];
};
static_assert(sizeof(array_object_slots) ==
                  hc::abi::array_object_slots_first_word,
              "the slots end where the first word with a slot begins");

struct kernel_launch {
  // Name of the kernel in the device images (Clang's device-side mangled
  // name of the kernel_entry<> instantiation).
  const char *device_name = nullptr;
  // The kernel's entry point with 32-bit element offsets (hc_kernel32<>;
  // hc/detail/offset_width.hpp), which the GPU backends launch instead
  // while no storage of 2 GiB or more exists and the images have it.
  const char *device_name_offsets32 = nullptr;
  // Tiled kernels: the entry point with 32-bit offsets for a grid of one
  // block per tile over an extent of whole tiles (hc_tiled_kernel32_whole<>),
  // which the GPU backends launch instead of device_name_offsets32 when
  // the launch is such a one.
  const char *device_name_whole_tiles = nullptr;
  // Argument block: passed by value to the device kernel, by pointer to the
  // CPU entry points. Kept alive by `args_owner` until the kernel finished.
  const void *args = nullptr;
  std::size_t args_size = 0;
  std::shared_ptr<void> args_owner;
  cpu_range_fn cpu_range = nullptr; // non-tiled kernels
  cpu_item_fn cpu_item = nullptr;   // tiled kernels
  cpu_tile_fn cpu_tile = nullptr;   // tiled kernels: whole tiles as loops
  launch_geometry geometry;
  // The user's functor inside the argument block. launch_scope::submit may
  // rewrite references to arrays in it for devices that cannot read host
  // memory (resident_arrays.hpp), so it is the launch's own copy.
  void *functor = nullptr;
  std::size_t functor_size = 0;
  // The slots at the start of the argument block (null when the block has
  // none), which launch_scope::submit fills.
  array_object_slots *array_slots = nullptr;
};

struct workitem_context; // hc/detail/workitem.hpp

// CPU backend helpers used by the headers inside kernels.
// tile_barrier::wait() on the CPU: switches to the next work-item of the tile
// until all have arrived. The pass plugin finds its calls by name
// (hc::abi::cpu_tile_barrier) to split kernels at their barriers.
extern "C" void __hcc_cpu_tile_barrier();
// One work-item of a tiled kernel at local position (l0, l1, l2) of a tile
// (cpu_tile's padded order).
using cpu_tile_work_item_fn = void (*)(const void *args, const cpu_tile *tile,
                                       std::uint32_t l0, std::uint32_t l1,
                                       std::uint32_t l2);
// Runs `work_item` for every position of an n0 x n1 x n2 tile with the
// kernel split at its barriers, and returns true. The pass plugin replaces
// each call by the loops it makes of `work_item` (hc::abi::cpu_tile_loops,
// llvm-passes/cpu/CpuTileLoops.h); a call it leaves (a kernel it cannot
// split) reaches the runtime's definition, which returns false.
extern "C" bool __hcc_cpu_tile_loops(const void *args, const cpu_tile *tile,
                                     std::uint32_t n0, std::uint32_t n1,
                                     std::uint32_t n2,
                                     cpu_tile_work_item_fn work_item);
// Storage for what the work-items of a split tile keep across barriers
// (part 0) and for their own variables (part 1): `bytes` bytes, 64-byte
// aligned, the calling thread's until its next call for the same part.
// Called by the code the pass plugin makes (hc::abi::cpu_tile_context).
extern "C" void *__hcc_cpu_tile_context(std::size_t bytes, unsigned part);
// Base of the dynamic group segment of the current tile on the CPU.
void *cpu_dynamic_group_segment();
std::size_t cpu_dynamic_group_segment_size();
// A work-item at a yield point (__hcc_cpu_yield_point in workitem.hpp)
// that may be spinning: once it has spun for a while, the other work-items
// of its tile run meanwhile (tiled), or the rest of its range moves to a
// thread of its own (non-tiled). lib/hc-runtime/backends/cpu/spin_points.hpp.
void cpu_spin_point(workitem_context *self);
// True on a CPU backend worker thread while it runs a kernel.
bool in_cpu_kernel() noexcept;

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_KERNEL_LAUNCH_HPP
