//===- SymbolNames.h - Human-readable names for diagnostics -----*- C++ -*-===//
//
// Part of hcc. Diagnostics must name functions the way the user wrote them,
// not by their mangled symbol.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_SYMBOLNAMES_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_SYMBOLNAMES_H

#include <string>

namespace llvm {
class Function;
class GlobalValue;
} // namespace llvm

namespace hcc {

/// The demangled name of \p GV, with parameter types but without the return
/// type of function template instantiations ("foo(int)", "std::cout",
/// "invoke<F>(F const&)"). Unmangled names come back unchanged.
std::string displayName(const llvm::GlobalValue &GV);

/// A shorter name for a kernel: the demangled name without the parameter
/// list. hcc kernels are instantiations of one template whose parameter just
/// repeats the functor type, so the list only doubles the length.
std::string kernelDisplayName(const llvm::Function &Kernel);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_SYMBOLNAMES_H
