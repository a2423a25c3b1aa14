//===- AmpRestriction.h - C++ AMP's restriction of a function --*- C++ -*-===//
//
// Part of hcc. What C++ AMP says about where a function may be called from:
// restrict(amp) code, restrict(cpu) code or both. The Clang attributes hcc
// gives a function (ExecutionSpace.h) are chosen for code generation (an
// amp function is also compiled for the host, for the CPU backend); this is
// the language's view, which the C++ AMP mode checks use.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_AMPRESTRICTION_H
#define HCC_CLANG_AMPRESTRICTION_H

#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clang {
class ASTContext;
class SourceManager;
class Decl;
class FunctionDecl;
} // namespace clang

namespace hcc {

/// The contexts a function may be called from. Neither is a special member
/// function that no restriction fits (its subobjects' members are amp-only
/// and cpu-only): it cannot be called at all.
struct AmpSides {
  bool Amp = false;
  bool Cpu = false;

  static AmpSides amp() { return {true, false}; }
  static AmpSides cpu() { return {false, true}; }
  static AmpSides both() { return {true, true}; }
  bool covers(AmpSides Other) const {
    return (Amp || !Other.Amp) && (Cpu || !Other.Cpu);
  }
  AmpSides operator&(AmpSides Other) const {
    return {Amp && Other.Amp, Cpu && Other.Cpu};
  }
  bool operator==(AmpSides Other) const {
    return Amp == Other.Amp && Cpu == Other.Cpu;
  }
  /// "restrict(amp)", "restrict(cpu)", "restrict(cpu, amp)", "no restriction".
  std::string spelling() const;
};

/// Where \p FD may be called from:
///  - its restriction specifiers (of any declaration), or Clang's own
///    __device__/__host__ written on it in user code;
///  - an implicitly declared or defaulted special member function: the
///    intersection of those of the special members of its bases and members
///    it calls (amp and cpu if it calls none);
///  - a function of a system header (hcc's own headers, the C++ library)
///    without specifiers: both (hcc compiles whatever a kernel reaches;
///    one the device cannot have is reported when a kernel calls it);
///  - a lambda, or a member of a local class, without specifiers: those of
///    the function it is defined in (C++ AMP's "ambient" restriction); at
///    namespace scope cpu;
///  - Clang's builtins other than library functions: both;
///  - any other function without specifiers: cpu (constexpr ones both, as
///    Clang's CUDA mode has them).
AmpSides ampSidesOf(const clang::FunctionDecl &FD);

/// Where a call that chose \p FD may be made: C++ AMP resolves a call
/// once per side, so functions of the same name and arity in \p FD's scope
/// (f(float) restrict(amp) beside f(float) restrict(cpu)) add their sides.
/// Clang resolved the call for one side only; the other side's
/// resolution would pick such a sibling.
AmpSides ampOverloadSides(const clang::FunctionDecl &FD);

/// For an inferred special member, the subobject member that decided its
/// restriction (for a note), or null.
const clang::FunctionDecl *ampSidesReason(const clang::FunctionDecl &FD);

/// The restriction of code at \p D's place: that of the innermost
/// enclosing function, cpu outside functions.
AmpSides ampAmbientSides(const clang::Decl &D);

/// Whether \p Loc is in hcc's headers or the C++ library: a system header,
/// or a file the driver includes with -include (hcc's device prelude).
bool isAmpLibraryLocation(const clang::SourceManager &SM,
                          clang::SourceLocation Loc);

/// Whether \p D was written by the user: not in a system header (hcc's
/// headers and the C++ library are on system include paths). Template
/// instantiations count where their pattern is.
bool isAmpUserCode(const clang::Decl &D);

} // namespace hcc

#endif // HCC_CLANG_AMPRESTRICTION_H
