//===- ExecutionSpace.h - hc/cpu in terms of Clang's CUDA model -*- C++ -*-===//
//
// Part of hcc. hcc compiles with Clang's CUDA language mode, whose notion of
// "where may this function run" is the __host__/__device__ attribute pair.
// This file is the one place that maps hcc's restrictions onto it.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_EXECUTIONSPACE_H
#define HCC_CLANG_EXECUTIONSPACE_H

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace hcc {

/// What hcc's annotations on a declaration say, as C++ AMP's restriction
/// specifiers: [[hc]] (restrict(amp), __attribute__((hc)) or ((amp))) is
/// Amp, [[cpu]] (restrict(cpu)) is Cpu, both together are Both, and a
/// declaration without any is None, which C++ AMP reads as restrict(cpu).
enum class Restriction : unsigned { None = 0, Amp = 1, Cpu = 2, Both = 3 };

inline Restriction operator|(Restriction A, Restriction B) {
  return static_cast<Restriction>(static_cast<unsigned>(A) |
                                   static_cast<unsigned>(B));
}

/// How one function (all its declarations) is compiled.
struct Placement {
  Restriction What = Restriction::None;
  /// One of a pair of functions of the same signature that differ only in
  /// their restriction (amp against cpu or none). Clang lets only a
  /// __device__ and a __host__ function form such a pair, so the amp one
  /// loses its host side (see ExecutionSpace.cpp).
  bool Twin = false;
  /// Its first declaration was amp-only: its symbol carries the ABI tag
  /// hc::abi::amp_abi_tag, so that a later twin of the same signature never
  /// shares its name, whatever was already emitted.
  bool AmpTagged = false;
};

/// What the hcc attributes written on \p FD itself say (the attribute
/// handlers record it; several attributes add up).
Restriction writtenRestriction(const clang::FunctionDecl &FD);
void recordWrittenRestriction(const clang::FunctionDecl &FD, Restriction R);

/// Gives \p FD the Clang attributes of \p P: implicit __device__/__host__,
/// in the device pass the annotation hc::abi::host_only_annotation of a
/// host-only function, and the ABI tag hc::abi::amp_abi_tag. Attributes the
/// user wrote (CUDA's own __host__, ...) stay.
void applyPlacement(clang::ASTContext &Ctx, clang::FunctionDecl &FD,
                    const Placement &P);

} // namespace hcc

#endif // HCC_CLANG_EXECUTIONSPACE_H
