//===- TileLoopBuilder.h - Loops over a tile from a work-item -*- C++ -*-===//
//
// Part of hcc. Makes, of a work-item function cut into regions
// (TileRegions.h), a function that runs a whole tile:
//
//   tile(args, tile, n0, n1, n2):
//     region 0 for every work-item (loops over n0 x n1 x n2 positions)
//     while some work-item has not returned:
//       r = the lowest region a work-item waits to start (its barrier's)
//       region r for every work-item that waits for it
//
// Each region's loops run a copy of its blocks per work-item: a barrier
// exit stores what the region after it needs (TileRegions::liveIn) and the
// region the work-item waits for, a return stores that it is done. While
// every work-item waits at the same barrier (the rule of C++ AMP and hc,
// and what every kernel that keeps it does) a region runs in its plain
// copy; otherwise (work-items that returned early, barriers reached on
// different paths) in a copy that skips the work-items waiting elsewhere.
// When every region's exit is uniform, the next region is the first
// work-item's and no copy skips work-items, and a kept value that is
// uniform (TileUniformity.h) is kept once for the tile, on the tile
// function's stack, where SROA makes it a register. Per-work-item memory (kept
// values, the work-item's allocas, the regions waited for) comes from the
// runtime, once per tile, laid out as arrays indexed by the work-item's
// position, so that loads and stores of neighbouring work-items are contiguous
// for the vectoriser.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_TILELOOPBUILDER_H
#define HCC_LLVM_PASSES_CPU_TILELOOPBUILDER_H

#include <string>

namespace llvm {
class Function;
class FunctionCallee;
} // namespace llvm

namespace hcc {

class TileRegions;
class TileUniformity;

/// The tile function of \p WorkItem (void(ptr args, ptr tile, i32 l0, i32
/// l1, i32 l2)), already cut into \p Regions, what its work-items share in
/// \p Uniformity; \p Context is the runtime's
/// storage call (ptr(i64 bytes, i32 part)). Returns null, with the reason in \p
/// Why, for what it cannot keep per work-item (token values, over-aligned or
/// dynamic allocas).
llvm::Function *buildTileLoops(llvm::Function &WorkItem, TileRegions &Regions,
                               const TileUniformity &Uniformity,
                               llvm::FunctionCallee Context, std::string &Why);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_TILELOOPBUILDER_H
