//===- DeviceCodeMarkers.cpp - The Clang plugin's function marks ---------===//
//
// Part of hcc.
//
// Each llvm.global.annotations entry is { ptr @fn, ptr @.str, ptr @file,
// i32 line, ptr args }.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/DeviceCodeMarkers.h"

#include "device/FunctionAnnotations.h"
#include "hc/detail/abi_names.h"

#include "llvm/IR/Function.h"
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
  forEachFunctionAnnotation(M, [&](Function &F, StringRef Text) {
    if (std::optional<DeviceCodeMarker> Marker = parseMarker(Text))
      Result.try_emplace(&F, *Marker);
  });
  return Result;
}

} // namespace hcc
