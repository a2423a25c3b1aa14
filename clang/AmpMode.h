//===- AmpMode.h - Whether this compile is C++ AMP -------------*- C++ -*-===//
//
// Part of hcc. `hcc -std=c++amp` passes -fplugin-arg-hcc-amp to the plugin
// in both passes. Most of the plugin behaves the same in both modes (hc code
// may use restrict(amp) too); C++ AMP's own language rules (what
// restrict(amp) code may contain, which function a call may reach, how a
// declaration without restriction is read) apply in C++ AMP mode only, so
// that hc code keeps hcc's relaxed rules.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_AMPMODE_H
#define HCC_CLANG_AMPMODE_H

namespace hcc {

/// Whether -fplugin-arg-hcc-amp was given. One compiler process compiles
/// one translation unit, so a process-wide flag is enough.
bool isAmpMode();
void setAmpMode(bool On);

} // namespace hcc

#endif // HCC_CLANG_AMPMODE_H
