//===- AmpMode.cpp - Whether this compile is C++ AMP ---------------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "AmpMode.h"

namespace hcc {

static bool AmpModeOn = false;

bool isAmpMode() { return AmpModeOn; }

void setAmpMode(bool On) { AmpModeOn = On; }

} // namespace hcc
