//===- TileUniformity.h - What every work-item of a tile shares -*- C++ -*-===//
//
// Part of hcc. In a work-item function cut at its barriers (TileRegions.h),
// the values that are the same for every work-item of a tile (uniform), and
// the regions that every work-item leaves through the same exit. The tile's
// loops (TileLoopBuilder.h) keep a uniform value once per tile instead of
// once per work-item, and when every region's exit is uniform, they learn
// where the tile goes next from its first work-item, without a pass over
// all of them and without the copies of the regions that skip work-items.
//
// Divergence starts at the work-item's position (the function's last three
// arguments), at loads of memory that may change during the tile, at calls
// and atomics, and at the work-items' own memory; it spreads through the
// operands, and through control: a phi in a block that a branch on a
// divergent value reaches before it rejoins (its immediate post-dominator),
// or in the block where it rejoins, is divergent. A region's exit is
// uniform when every branch on a divergent value in it can reach one exit
// only (the barrier or return it leaves by).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_TILEUNIFORMITY_H
#define HCC_LLVM_PASSES_CPU_TILEUNIFORMITY_H

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class PostDominatorTree;
class Value;
} // namespace llvm

namespace hcc {

class TileRegions;

class TileUniformity {
public:
  TileUniformity(llvm::Function &F, TileRegions &Regions);

  bool isUniform(const llvm::Value *V) const { return !Divergent.contains(V); }
  /// Whether every region's exit is uniform: the work-items go in step.
  bool allExitsUniform() const { return UniformExits.all(); }

private:
  void propagate(llvm::Function &F, llvm::PostDominatorTree &PDT);
  bool startsDivergent(const llvm::Instruction &I) const;
  void markControlDivergence(llvm::Instruction *Branch,
                             llvm::PostDominatorTree &PDT,
                             llvm::SmallVectorImpl<llvm::Value *> &Work);
  void findUniformExits(TileRegions &Regions);

  llvm::SmallPtrSet<const llvm::Value *, 32> Divergent;
  // Blocks that end in a branch on a divergent value.
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> DivergentControl;
  llvm::BitVector UniformExits;
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_TILEUNIFORMITY_H
