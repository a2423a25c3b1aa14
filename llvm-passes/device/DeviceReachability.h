//===- DeviceReachability.h - What device entry points can reach -*- C++ -*-===//
//
// Part of hcc. Clang in CUDA mode with --hipstdpar emits every function of
// the translation unit into the device module. Only what the kernels reach,
// through calls or through any other reference (function pointers, vtables,
// initialisers of global variables, aliases), belongs to the device; this
// class computes that set and remembers, for each symbol, how it was reached,
// so that diagnostics can show the call chain and point at the source line.
//
// Vtables are data whose function slots are reached only by the virtual
// calls that can select them: Clang (set up by the Clang plugin) marks each
// vtable with type metadata, !type !{address point, class}, and each virtual
// call with a type test of the vtable pointer against the static class, so
// a call of class C at offset N reaches the slot at N past each of C's
// address points in the vtables reached. A vtable without type metadata has
// all its slots reached, as any other data.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_DEVICEREACHABILITY_H
#define HCC_LLVM_PASSES_DEVICE_DEVICEREACHABILITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace llvm {
class CallInst;
class Constant;
class GlobalVariable;
class Metadata;
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
  /// Reached as a vtable slot that the virtual call at Site can select.
  bool Virtual = false;
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

  /// A virtual call: its offset into the vtable past the address point, or
  /// every slot when the offset is not known.
  struct VirtualCall {
    const llvm::Instruction *Site;
    const llvm::Function *Caller;
    const llvm::GlobalValue *Root;
    uint64_t Offset;
    bool AnySlot;
  };
  struct AddressPoint {
    const llvm::GlobalVariable *VTable;
    uint64_t Offset;
  };

  void walkVTable(const llvm::GlobalVariable &VTable, const ReachedFrom &How);
  void walkTypeTest(const llvm::CallInst &TypeTest, const llvm::Function &F);
  void reachSlot(const AddressPoint &Point, const VirtualCall &Call);

  llvm::DenseMap<const llvm::GlobalValue *, ReachedFrom> Reached;
  llvm::DenseMap<const llvm::Metadata *, llvm::SmallVector<VirtualCall, 2>>
      CallsByClass;
  llvm::DenseMap<const llvm::Metadata *, llvm::SmallVector<AddressPoint, 2>>
      VTablesByClass;
  llvm::SmallVector<const llvm::GlobalValue *, 64> Order;
  /// Constants already taken apart; shared constant expressions would
  /// otherwise be walked once per use.
  llvm::SmallPtrSet<const llvm::Constant *, 32> SeenConstants;
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_DEVICEREACHABILITY_H
