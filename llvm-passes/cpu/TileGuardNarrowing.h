//===- TileGuardNarrowing.h - Loops over the work-items a guard admits -*-===//
//
// Part of hcc. Tiled kernels often give work to some of a tile's work-items
// only: `if (l < active) sums[l] += sums[l + active];` in a tree reduction,
// `if (l == 0) out[tile] = sums[0];` at its end. In the loops over a tile's
// work-items (TileLoopBuilder.h) such a region becomes
//
//   for (l = 0; l < n; ++l)
//     if (l < active) { ... }
//
// which visits every work-item, and which the vectoriser turns into masked
// (or, for a single work-item, gathered and scattered) accesses across the
// whole tile. When the loop does nothing for the work-items the guard turns
// away (its header computes without side effects and the guard's other edge
// goes straight to a latch that only counts), it runs over the interval of
// work-items the guard admits instead, and the guard goes:
//
//   for (l = 0; l < min(n, active); ++l) { ... }
//
// Guards are comparisons of the loop's position (or the position plus a
// value the loop does not change) with a value the loop does not change:
// <, <=, >, >=, == and the != that turns work-items away, and several of
// them joined by && (or by || where they turn work-items away).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_TILEGUARDNARROWING_H
#define HCC_LLVM_PASSES_CPU_TILEGUARDNARROWING_H

namespace llvm {
class LoopInfo;
} // namespace llvm

namespace hcc {

/// Narrows the innermost loops in \p LI whose work is guarded as above to
/// the positions their guards admit; how many it narrowed (when any, the
/// loops' analyses are stale).
unsigned narrowGuardedLoops(llvm::LoopInfo &LI);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_TILEGUARDNARROWING_H
