//===- SymbolNames.cpp - Human-readable names for diagnostics ------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/SymbolNames.h"

#include "hc/detail/abi_names.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalValue.h"

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace hcc {

/// The ItaniumPartialDemangler getters allocate with malloc when given no
/// buffer; this takes ownership of such a string.
static std::optional<std::string> takeString(char *Text) {
  if (!Text)
    return std::nullopt;
  std::string Result(Text);
  std::free(Text);
  return Result;
}

/// The Clang plugin tags amp-only functions with the ABI tag
/// hc::abi::amp_abi_tag so that an amp and a cpu function of one signature
/// (overloading on restriction) get different symbols; users never wrote
/// it, so diagnostics leave it out.
static std::string withoutAmpTag(std::string Name) {
  static const std::string Tag =
      std::string("[abi:") + hc::abi::amp_abi_tag + "]";
  for (size_t Pos = Name.find(Tag); Pos != std::string::npos;
       Pos = Name.find(Tag, Pos))
    Name.erase(Pos, Tag.size());
  return Name;
}

static std::string displayNameWithTags(const GlobalValue &GV);

std::string displayName(const GlobalValue &GV) {
  return withoutAmpTag(displayNameWithTags(GV));
}

static std::string displayNameWithTags(const GlobalValue &GV) {
  std::string Full = demangle(GV.getName());
  std::string Mangled = GV.getName().str();
  ItaniumPartialDemangler Demangler;
  if (Demangler.partialDemangle(Mangled.c_str()) || !Demangler.isFunction())
    return Full;
  size_t Size = 0;
  std::optional<std::string> Name =
      takeString(Demangler.getFunctionName(nullptr, &Size));
  std::optional<std::string> Params =
      takeString(Demangler.getFunctionParameters(nullptr, &Size));
  if (!Name || !Params)
    return Full;
  // Template instantiations demangle with their return type first; in a
  // call chain it is noise. Keep what follows it, cv-qualifiers included.
  size_t Start = Full.find(*Name + *Params);
  return Start == std::string::npos ? Full : Full.substr(Start);
}

std::string kernelDisplayName(const Function &Kernel) {
  std::string Mangled = Kernel.getName().str();
  ItaniumPartialDemangler Demangler;
  if (Demangler.partialDemangle(Mangled.c_str()) || !Demangler.isFunction())
    return displayName(Kernel);
  size_t Size = 0;
  std::optional<std::string> Name =
      takeString(Demangler.getFunctionName(nullptr, &Size));
  return Name ? withoutAmpTag(*Name) : displayName(Kernel);
}

} // namespace hcc
