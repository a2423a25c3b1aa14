//===- SymbolNames.cpp - Human-readable names for diagnostics ------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "SymbolNames.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalValue.h"

#include <cstdlib>

using namespace llvm;

namespace hcc {

std::string displayName(const GlobalValue &GV) {
  return demangle(GV.getName());
}

std::string kernelDisplayName(const Function &Kernel) {
  std::string Mangled = Kernel.getName().str();
  ItaniumPartialDemangler Demangler;
  if (Demangler.partialDemangle(Mangled.c_str()) || !Demangler.isFunction())
    return displayName(Kernel);
  // getFunctionName allocates with malloc when given no buffer.
  size_t Size = 0;
  char *Name = Demangler.getFunctionName(nullptr, &Size);
  if (!Name)
    return displayName(Kernel);
  std::string Result(Name);
  std::free(Name);
  return Result;
}

} // namespace hcc
