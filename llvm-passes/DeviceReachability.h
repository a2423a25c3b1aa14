//===- DeviceReachability.h - What device entry points can reach -*- C++ -*-===//
//
// Part of hcc. Clang in CUDA mode with --hipstdpar emits every function of
// the translation unit into the device module. Only what the kernels reach,
// through calls or through any other reference (function pointers, vtables,
// initialisers of global variables, aliases), belongs to the device; this
// class computes that set and remembers, for each symbol, how it was reached,
// so that diagnostics can show the call chain and point at the source line.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICEREACHABILITY_H
#define HCC_LLVM_PASSES_DEVICEREACHABILITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Constant;
class Function;
class GlobalValue;
class Instruction;
} // namespace llvm

namespace hcc {

/// How one symbol was first reached (breadth first, so along a shortest
/// chain of references).
struct ReachedFrom {
  /// The symbol whose body or initialiser refers to this one; null for roots.
  const llvm::GlobalValue *Parent = nullptr;
  /// The instruction that starts the reference, in the last function on the
  /// chain. For a symbol reached through a global variable's initialiser this
  /// is the instruction that used the variable. Null for roots and for
  /// symbols reached from a root variable without passing through code.
  const llvm::Instruction *Site = nullptr;
  /// The root the chain starts from.
  const llvm::GlobalValue *Root = nullptr;
};

class DeviceReachability {
public:
  /// Walks everything reachable from \p Roots; roots listed first win when
  /// a symbol is reachable from several.
  explicit DeviceReachability(llvm::ArrayRef<llvm::GlobalValue *> Roots);

  bool contains(const llvm::GlobalValue *GV) const {
    return Reached.count(GV);
  }

  /// Every reached symbol, roots included, in the order they were found.
  llvm::ArrayRef<const llvm::GlobalValue *> symbols() const { return Order; }

  const ReachedFrom &from(const llvm::GlobalValue *GV) const {
    return Reached.find(GV)->second;
  }

  /// The chain of references from the root to \p GV, both included.
  llvm::SmallVector<const llvm::GlobalValue *, 8>
  chainTo(const llvm::GlobalValue *GV) const;

private:
  void visit(const llvm::GlobalValue *GV, const ReachedFrom &How);
  void walkBody(const llvm::Function &F);
  void walkConstant(const llvm::Constant *C, const llvm::GlobalValue *Parent,
                    const llvm::GlobalValue *Root,
                    const llvm::Instruction *Site);

  llvm::DenseMap<const llvm::GlobalValue *, ReachedFrom> Reached;
  llvm::SmallVector<const llvm::GlobalValue *, 64> Order;
  /// Constants already taken apart; shared constant expressions would
  /// otherwise be walked once per use.
  llvm::SmallPtrSet<const llvm::Constant *, 32> SeenConstants;
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICEREACHABILITY_H
