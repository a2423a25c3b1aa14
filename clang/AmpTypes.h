//===- AmpTypes.h - Types restrict(amp) code may use -----------*- C++ -*-===//
//
// Part of hcc. C++ AMP 1.2 section 2.4.1: the fundamental types amp code may
// use are bool, int, unsigned int, long, unsigned long, float, double, void
// and std::nullptr_t (and enumerations based on the integral ones);
// compound types are built from those, with one level of pointer or
// reference, neither of them as a class member or array element, and
// classes without virtual functions, virtual bases or bit-fields. Nothing
// volatile, no function pointers or references, no pointers to member
// functions.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_AMPTYPES_H
#define HCC_CLANG_AMPTYPES_H

#include "clang/AST/Type.h"

#include <string>

namespace clang {
class ASTContext;
class CXXRecordDecl;
} // namespace clang

namespace hcc {

/// How a type is used; pointers and references are allowed in some uses
/// only.
enum class AmpTypeUse {
  /// Local variable, parameter, return type: one pointer or reference.
  Variable,
  /// Class member, array element, what a lambda copies: no pointer or
  /// reference at all.
  Member,
  /// A tile_static variable: no pointer or reference either.
  TileStatic
};

/// Why restrict(amp) code cannot use \p T as \p Use; empty if it can. The
/// text completes "type 'T' is not supported in restrict(amp) code: ".
std::string whyNotAmpType(clang::QualType T, AmpTypeUse Use,
                          clang::ASTContext &Ctx);

/// A class of hcc's own headers (array, array_view, index, extent, the
/// short vectors, the C++ library): usable as its header defines it.
bool isAmpLibraryClass(const clang::CXXRecordDecl &RD);

/// concurrency::array (hc::array) or concurrency::graphics::texture, which
/// amp code reaches only by reference, as C++ AMP 1.2 says of both.
bool isAmpArrayClass(const clang::CXXRecordDecl &RD);

/// concurrency::array, array_view, graphics::texture and its views: data
/// containers, which cannot hold one another.
bool isAmpContainerClass(const clang::CXXRecordDecl &RD);

/// Why an array or array_view cannot hold elements of type \p T (an
/// amp-compatible type held by value, with no container inside); empty if
/// it can.
std::string whyNotContainerElement(clang::QualType T, clang::ASTContext &Ctx);

} // namespace hcc

#endif // HCC_CLANG_AMPTYPES_H
