//===- AmpTileUniformity.h - barriers in tile-uniform control flow -*- C++ -*-===//
//
// Part of hcc. C++ AMP 1.2 section 8: every work-item of a tile must reach
// the same tile_barrier::wait calls, so a barrier may not sit in control flow
// that depends on the work-item's position in its tile. Like Visual C++,
// C++ AMP mode rejects the clear cases: a barrier under a condition (if,
// loop, switch, ?:, && and ||) that uses a tiled_index's `local` or `global`
// index, directly or through local variables computed from one. Conditions
// on the tile (`tile`, `tile_origin`), on captured values or on parameters
// are tile-uniform.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_AMPTILEUNIFORMITY_H
#define HCC_CLANG_AMPTILEUNIFORMITY_H

namespace clang {
class ASTContext;
class CXXMemberCallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace hcc {

/// A call of tile_barrier::wait or one of its wait_with_*_fence forms.
bool isTileBarrierWait(const clang::CXXMemberCallExpr &Call);

/// The condition that encloses \p Wait in \p Function and depends on the
/// work-item's position in its tile; null when every enclosing condition is
/// tile-uniform.
const clang::Expr *findDivergentCondition(const clang::CXXMemberCallExpr &Wait,
                                          const clang::FunctionDecl &Function,
                                          clang::ASTContext &Ctx);

} // namespace hcc

#endif // HCC_CLANG_AMPTILEUNIFORMITY_H
