//===- TileShapeSpeculation.h - Code for the expected tile ---*- C++ -*-===//
//
// Part of hcc. A tile function (TileLoopBuilder.h) takes its tile's shape,
// n0 x n1 x n2 work-items, as arguments: hc sizes tiles at run time
// (`extent.tile(256)`). Its loops then have trip counts the compiler does
// not know, and each becomes a vector loop, a remainder loop and checks
// between them; with AVX-512 a short loop becomes masked stores, which the
// next region's loads of the same tile_static memory cannot forward from.
//
// Most kernels size their tile_static arrays by the tile and index them by
// the local position (`tile_static float sums[256]; sums[l] = ...`): the
// array tells the shape the kernel expects. The tile function gets a copy
// made for that shape, with the shape as constants, and calls it when its
// tile has that shape; other tiles (a launch with another size, the
// partial tiles at the edge of a domain) run the general code. The guess
// only chooses which shape gets its own code: every shape runs correctly.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_TILESHAPESPECULATION_H
#define HCC_LLVM_PASSES_CPU_TILESHAPESPECULATION_H

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Function.h"

#include <optional>

namespace hcc {

/// Work-items per dimension of a tile, in cpu_tile's padded order (rank 1
/// is the last dimension); 0 where the kernel does not tell.
struct TileShape {
  unsigned Extent[3] = {0, 0, 0};
};

/// The shape that \p WorkItem (a work-item function whose arguments 2-4
/// are its local position l0, l1, l2) expects: a dimension whose position
/// it never reads is padding, of one work-item; one whose position indexes
/// a dimension of a tile_static array (the address steps by that
/// dimension's stride) expects the array's length there, the shortest of
/// them when there are several. None when no position indexes such an
/// array.
std::optional<TileShape> expectedTileShape(llvm::Function &WorkItem,
                                           llvm::ScalarEvolution &SE);

/// Makes \p Tile (arguments: kernel arguments, tile, n0, n1, n2) call, at
/// its entry, a copy of itself with the known extents of \p Shape as
/// constants when its tile has them; returns the copy.
llvm::Function *specializeTileShape(llvm::Function &Tile,
                                    const TileShape &Shape);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_TILESHAPESPECULATION_H
