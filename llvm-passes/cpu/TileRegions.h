//===- TileRegions.h - A work-item function cut at its barriers -*- C++ -*-===//
//
// Part of hcc. The CPU backend runs a tile's work-items on one thread. A
// kernel with barriers is run as loops over the tile, one loop per stretch
// of code between barriers (llvm-passes/cpu/CpuTileLoops.h): this file finds
// those stretches in a work-item function whose barriers are all its own
// calls (the callees that reach one are inlined first), and what each
// work-item must keep from one stretch to the next.
//
// A region starts at the function's entry or right after a barrier and
// holds every block reachable from there without passing a barrier; it
// ends at barriers (its exits) and returns. A block may belong to several
// regions (the code after a barrier in a loop reaches the loop's header).
// A value is live into region r when a use of it is reachable from r's
// start without passing its definition. Of those, values that every region
// can compute again from what does not change during the tile (the
// arguments, loads from restrict read-only arguments, pure arithmetic) are
// recomputed; the others are stored per work-item.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_TILEREGIONS_H
#define HCC_LLVM_PASSES_CPU_TILEREGIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instruction.h"

namespace llvm {
class BasicBlock;
class CallInst;
class Function;
class Instruction;
class LoadInst;
class Value;
} // namespace llvm

namespace hcc {

/// Whether \p Load reads memory that nothing writes while the work-item
/// function runs: through an argument that is both restrict (noalias) and
/// read-only, or marked invariant.
bool readsUnchangingMemory(const llvm::LoadInst &Load);

class TileRegions {
public:
  /// Cuts \p F at its calls of \p Barrier: each call gets a block of its
  /// own, followed by the block its region starts with. Invokes of the
  /// barrier become calls (it does not throw between regions).
  TileRegions(llvm::Function &F, llvm::Function *Barrier);

  /// Regions: 0 starts at the entry, r > 0 after barrier r - 1.
  unsigned numRegions() const { return Starts.size(); }
  llvm::BasicBlock *start(unsigned R) const { return Starts[R]; }
  const llvm::SetVector<llvm::BasicBlock *> &blocks(unsigned R) const {
    return Blocks[R];
  }
  /// The region that starts after the barrier of block \p BB, if \p BB is
  /// a barrier's block; 0 otherwise.
  unsigned regionAfter(const llvm::BasicBlock *BB) const {
    return RegionAfterBarrier.lookup(BB);
  }
  /// The values live into region \p R, in a fixed order.
  const llvm::SetVector<llvm::Instruction *> &liveIn(unsigned R) const {
    return LiveIns[R];
  }
  /// Whether \p I can be computed again in any region (see above).
  bool isRecomputable(const llvm::Instruction *I) { return recomputable(I); }
  /// The values some work-item keeps across a barrier in memory: the
  /// live-ins of every region that are not recomputable.
  const llvm::SetVector<llvm::Instruction *> &keptValues() const {
    return Kept;
  }

private:
  void splitAtBarriers(llvm::Function &F, llvm::Function *Barrier);
  void hoistAboveBarrier(llvm::BasicBlock *After);
  void collectBlocks();
  void computeLiveness(llvm::Function &F);
  bool recomputable(const llvm::Value *V);

  llvm::SmallVector<llvm::BasicBlock *, 8> Starts;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> RegionAfterBarrier;
  llvm::SmallVector<llvm::SetVector<llvm::BasicBlock *>, 8> Blocks;
  llvm::SmallVector<llvm::SetVector<llvm::Instruction *>, 8> LiveIns;
  llvm::DenseMap<const llvm::Instruction *, bool> Recomputable;
  llvm::SetVector<llvm::Instruction *> Kept;
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_TILEREGIONS_H
