//===- AmpTileUniformity.cpp - barriers in tile-uniform control flow ------===//
//
// Part of hcc. See AmpTileUniformity.h.
//
//===----------------------------------------------------------------------===//

#include "AmpTileUniformity.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace hcc {

namespace {

bool isNamespace(const DeclContext *DC, StringRef Name) {
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  return NS && NS->getName() == Name;
}

/// hc::tiled_index<N> or concurrency::tiled_index<D0, ...> (which derives
/// from it), or a class derived from one.
bool isTiledIndexClass(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return false;
  if (RD->getName() == "tiled_index" &&
      (isNamespace(RD->getDeclContext(), "hc") ||
       isNamespace(RD->getDeclContext(), "Concurrency")))
    return true;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (isTiledIndexClass(Base.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

/// `idx.local` or `idx.global` of a tiled_index: differs within a tile.
bool isPositionInTile(const MemberExpr &E) {
  const auto *Field = dyn_cast<FieldDecl>(E.getMemberDecl());
  if (!Field || !(Field->getName() == "local" || Field->getName() == "global"))
    return false;
  return isTiledIndexClass(dyn_cast<CXXRecordDecl>(Field->getParent()));
}

/// Whether an expression reads a position in the tile or a variable of
/// \p Divergent.
class Mentions : public RecursiveASTVisitor<Mentions> {
public:
  explicit Mentions(const llvm::SmallPtrSetImpl<const VarDecl *> &Divergent)
      : Divergent(Divergent) {}
  bool Found = false;

  bool VisitMemberExpr(MemberExpr *E) {
    Found |= isPositionInTile(*E);
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Found |= Divergent.count(V) != 0;
    return !Found;
  }

private:
  const llvm::SmallPtrSetImpl<const VarDecl *> &Divergent;
};

bool mentions(const Stmt *S,
              const llvm::SmallPtrSetImpl<const VarDecl *> &Divergent) {
  if (!S)
    return false;
  Mentions M(Divergent);
  M.TraverseStmt(const_cast<Stmt *>(S));
  return M.Found;
}

/// Every value stored into each local variable of a function: its
/// initializer and the right-hand sides of assignments to it.
class Stores : public RecursiveASTVisitor<Stores> {
public:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Values;

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      Values[V].push_back(V->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      record(E->getLHS(), E->getRHS());
    return true;
  }

private:
  void record(const Expr *LHS, const Expr *RHS) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        if (V->hasLocalStorage())
          Values[V].push_back(RHS);
  }
};

/// The local variables of \p Function whose value depends on the
/// work-item's position in its tile (a fixed point over their stores).
llvm::SmallPtrSet<const VarDecl *, 8> divergentVariables(const FunctionDecl &F) {
  llvm::SmallPtrSet<const VarDecl *, 8> Divergent;
  Stores S;
  S.TraverseStmt(F.getBody());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Var, Values] : S.Values) {
      if (Divergent.count(Var))
        continue;
      for (const Expr *Value : Values)
        if (mentions(Value, Divergent)) {
          Divergent.insert(Var);
          Changed = true;
          break;
        }
    }
  }
  return Divergent;
}

/// The condition of \p Parent that decides whether \p Child runs, if
/// \p Parent is control flow and \p Child is not that condition itself.
const Expr *controllingCondition(const DynTypedNode &Parent,
                                 const Stmt *Child) {
  if (const auto *If = Parent.get<IfStmt>())
    return If->getCond() != Child ? If->getCond() : nullptr;
  if (const auto *While = Parent.get<WhileStmt>())
    return While->getCond() != Child ? While->getCond() : nullptr;
  if (const auto *Do = Parent.get<DoStmt>())
    return Do->getCond() != Child ? Do->getCond() : nullptr;
  if (const auto *For = Parent.get<ForStmt>())
    return For->getBody() == Child ? For->getCond() : nullptr;
  if (const auto *Switch = Parent.get<SwitchStmt>())
    return Switch->getCond() != Child ? Switch->getCond() : nullptr;
  if (const auto *Cond = Parent.get<ConditionalOperator>())
    return Cond->getCond() != Child ? Cond->getCond() : nullptr;
  if (const auto *Logical = Parent.get<BinaryOperator>())
    if (Logical->isLogicalOp() && Logical->getRHS() == Child)
      return Logical->getLHS();
  return nullptr;
}

} // namespace

bool isTileBarrierWait(const CXXMemberCallExpr &Call) {
  const CXXMethodDecl *MD = Call.getMethodDecl();
  if (!MD || !MD->getIdentifier())
    return false;
  StringRef Name = MD->getName();
  if (!(Name == "wait" || Name.starts_with("wait_with_")))
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  return RD->getName() == "tile_barrier" &&
         (isNamespace(RD->getDeclContext(), "hc") ||
          isNamespace(RD->getDeclContext(), "Concurrency"));
}

const Expr *findDivergentCondition(const CXXMemberCallExpr &Wait,
                                   const FunctionDecl &Function,
                                   ASTContext &Ctx) {
  llvm::SmallPtrSet<const VarDecl *, 8> Divergent =
      divergentVariables(Function);
  const Stmt *Body = Function.getBody();
  const Stmt *Child = &Wait;
  // Walk up to the function body; a node with several parents (template
  // instantiations share none here) takes the first.
  for (unsigned Depth = 0; Child && Child != Body && Depth < 256; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    if (Parents.empty())
      break;
    const DynTypedNode &Parent = Parents[0];
    if (const Expr *Cond = controllingCondition(Parent, Child))
      if (mentions(Cond, Divergent))
        return Cond;
    Child = Parent.get<Stmt>();
  }
  return nullptr;
}

} // namespace hcc
