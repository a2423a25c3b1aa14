//===- PlatformAtomics.h - std::atomic in kernels, system scope -*- C++ -*-===//
//
// Part of hcc. Platform atomics (docs/platform-atomics.md): atomic objects of
// <atomic> (and hc's atomic_* functions) used in kernels on host memory, so
// that the CPU observes them, with the C++11 memory orders.
//
// Clang emits every atomic of device code with LLVM's default synchronisation
// scope, which is the whole system, and the memory order the source asked
// for. The NVPTX backend of LLVM 22 honours both for atomic loads, stores,
// cmpxchg and fences (ld.acquire.sys, st.release.sys, fence.sc.sys +
// atom.acquire.sys.cas), but lowers every read-modify-write it has an
// instruction for (atom.add/exch/and/or/xor/min/max/inc/dec, float add, and
// 8/16-bit and/or/xor, which it widens to 32 bits) to a bare "atom.global.add"
// -- relaxed and GPU scope: a seq_cst fetch_add orders nothing and the CPU
// is not part of its scope. Other read-modify-writes become compare-exchange
// loops, which are right.
//
// PlatformAtomicsCheckPass (pipeline start, before pruning): reports, at the
// user's source line and naming the kernel, the atomics the device cannot
// perform: wider than 8 bytes, misaligned, or needing the host's lock-based
// libatomic (__atomic_load(...) and friends: objects that are not
// lock-free). Calls are still where the user wrote them there.
//
// PlatformAtomicsLoweringPass (optimizer last, NVPTX only): first, before
// sm_70, reports every memory order other than relaxed (no PTX memory model
// there; LLVM would abort) -- after inlining, because libstdc++ passes the
// order as an argument. Then it replaces each natively lowered
// read-modify-write by the PTX instruction with the right semantics and
// scope, as inline assembly:
//   relaxed  atom.relaxed.<scope>     acquire  atom.acquire.<scope>
//   release  atom.release.<scope>     acq_rel  atom.acq_rel.<scope>
//   seq_cst  fence.sc.<scope>; atom.acquire.<scope>   (as LLVM's cmpxchg)
// with <scope> sys for LLVM's default (system) scope, gpu/cta/cluster for
// IR that names those (a relaxed gpu-scope one whose result is used is the
// backend's own atom and stays), cta for .shared memory; red instead of
// atom when the
// result is unused, the order is relaxed or release and red has the
// operation (it has no exch). sm_60/61 have scopes but no .sem: relaxed
// ones become atom.sys. Before sm_60 nothing changes (no system scope in
// the hardware).
//
// Reductions on generic addresses are first versioned on isspacep.global:
// ptxas makes a global red a REDG, a generic one an ATOM.
//
// `-mllvm -hcc-platform-atomics=false` turns the lowering off (to compare).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_SVM_PLATFORMATOMICS_H
#define HCC_LLVM_PASSES_SVM_PLATFORMATOMICS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class PlatformAtomicsCheckPass
    : public llvm::PassInfoMixin<PlatformAtomicsCheckPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-platform-atomics-check"; }
};

class PlatformAtomicsLoweringPass
    : public llvm::PassInfoMixin<PlatformAtomicsLoweringPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-platform-atomics"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_SVM_PLATFORMATOMICS_H
