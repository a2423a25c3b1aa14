//===- DeviceCodeMarkers.cpp - The Clang plugin's function marks ---------===//
//
// Part of hcc.
//
// Each llvm.global.annotations entry is { ptr @fn, ptr @.str, ptr @file,
// i32 line, ptr args }.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/DeviceCodeMarkers.h"

#include "hc/detail/abi_names.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace hcc {

/// Drops "<Name>:" from the front of \p Text if it starts with that.
static bool consumeMarkerName(StringRef &Text, StringRef Name) {
  StringRef Rest = Text;
  if (!Rest.consume_front(Name) || !Rest.consume_front(":"))
    return false;
  Text = Rest;
  return true;
}

static std::optional<DeviceCodeMarker> parseMarker(StringRef Text) {
  DeviceCodeMarker Marker;
  if (consumeMarkerName(Text, hc::abi::typeid_marker))
    Marker.Kind = DeviceCodeMarker::Typeid;
  else if (consumeMarkerName(Text, hc::abi::try_marker))
    Marker.Kind = DeviceCodeMarker::Try;
  else
    return std::nullopt;
  auto [Line, Column] = Text.split(':');
  if (Line.getAsInteger(10, Marker.Line) ||
      Column.getAsInteger(10, Marker.Column))
    return std::nullopt;
  return Marker;
}

DenseMap<const Function *, DeviceCodeMarker>
readDeviceCodeMarkers(const Module &M) {
  DenseMap<const Function *, DeviceCodeMarker> Result;
  const GlobalVariable *Annotations =
      M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Result;
  const auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return Result;
  for (const Use &U : Entries->operands()) {
    const auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    const auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    const auto *Text =
        dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!F || !Text || !Text->hasInitializer())
      continue;
    const auto *Data = dyn_cast<ConstantDataSequential>(Text->getInitializer());
    if (!Data || !Data->isCString())
      continue;
    if (std::optional<DeviceCodeMarker> Marker =
            parseMarker(Data->getAsCString()))
      Result.try_emplace(F, *Marker);
  }
  return Result;
}

} // namespace hcc
