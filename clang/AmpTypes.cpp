//===- AmpTypes.cpp - Types restrict(amp) code may use -------------------===//
//
// Part of hcc.
//
// Classes of hcc's headers are trusted: array_view holds a pointer, the
// short vectors are built on Clang's vector types, and both are what amp
// code is meant to use. Only concurrency::array keeps a rule of its own: it
// owns accelerator memory and may be reached by reference only.
//
//===----------------------------------------------------------------------===//

#include "AmpTypes.h"

#include "AmpRestriction.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace hcc {

bool isAmpLibraryClass(const CXXRecordDecl &RD) {
  const CXXRecordDecl *Written = &RD;
  if (const CXXRecordDecl *Pattern = RD.getTemplateInstantiationPattern())
    Written = Pattern;
  return isAmpLibraryLocation(RD.getASTContext().getSourceManager(),
                              Written->getLocation());
}

bool isAmpArrayClass(const CXXRecordDecl &RD) {
  bool Array = RD.getName() == "array", Texture = RD.getName() == "texture";
  if (!(Array || Texture) || !isAmpLibraryClass(RD))
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(RD.getDeclContext());
  if (!NS)
    return false;
  if (Array)
    return NS->getName() == "hc" || NS->getName() == "Concurrency";
  const auto *Outer = dyn_cast<NamespaceDecl>(NS->getDeclContext());
  return NS->getName() == "graphics" && Outer &&
         Outer->getName() == "Concurrency";
}

namespace {

bool isSupportedFundamental(const BuiltinType &T) {
  switch (T.getKind()) {
  case BuiltinType::Bool:
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::Float:
  case BuiltinType::Double:
  case BuiltinType::Void:
  case BuiltinType::NullPtr:
    return true;
  default:
    return false;
  }
}

class AmpTypeJudge {
public:
  explicit AmpTypeJudge(ASTContext &Ctx) : Ctx(Ctx) {}

  std::string whyNot(QualType T, AmpTypeUse Use) {
    if (T.isNull() || T->isDependentType())
      return "";
    T = T.getCanonicalType();
    if (T.isVolatileQualified())
      return "volatile is not supported";

    if (const auto *Ref = T->getAs<ReferenceType>()) {
      if (Use != AmpTypeUse::Variable)
        return "a reference cannot be a member, an array element, a "
               "captured copy or tile_static";
      QualType Pointee = Ref->getPointeeType();
      if (Pointee->isFunctionType())
        return "function references are not supported";
      if (Pointee.isVolatileQualified())
        return "volatile is not supported";
      // A reference to a supported pointer is as good as the pointer.
      if (Pointee->isPointerType())
        return whyNotPointer(Pointee);
      return whyNotReferent(Pointee);
    }
    // Pointers to data members are offsets, and allowed.
    if (T->isMemberFunctionPointerType())
      return "pointers to member functions are not supported";
    if (T->isPointerType()) {
      if (Use != AmpTypeUse::Variable)
        return "a pointer cannot be a member, an array element, a captured "
               "copy or tile_static";
      return whyNotPointer(T);
    }
    return whyNotObject(T, /*ArrayElement=*/false);
  }

private:
  std::string whyNotPointer(QualType T) {
    QualType Pointee = T->getPointeeType().getCanonicalType();
    if (Pointee->isFunctionType())
      return "function pointers are not supported";
    if (Pointee->isPointerType() || Pointee->isReferenceType() ||
        Pointee->isMemberPointerType())
      return "pointers to pointers are not supported";
    if (Pointee.isVolatileQualified())
      return "volatile is not supported";
    return whyNotReferent(Pointee);
  }

  /// What a reference or a pointer refers to. Arrays and textures, which
  /// amp code cannot hold by value, may be reached through either:
  /// `array<int, 1> *p = &captured_by_reference;` is C++ AMP code.
  std::string whyNotReferent(QualType Referent) {
    if (const CXXRecordDecl *RD = Referent->getAsCXXRecordDecl())
      if (isAmpArrayClass(*RD))
        return "";
    return whyNotObject(Referent, /*ArrayElement=*/false);
  }

  /// An object held by value.
  std::string whyNotObject(QualType T, bool ArrayElement) {
    T = T.getCanonicalType();
    if (T.isVolatileQualified())
      return "volatile is not supported";
    if (T->isDependentType())
      return "";
    if (const auto *Array = dyn_cast<ArrayType>(T.getTypePtr())) {
      QualType Element = Array->getElementType().getCanonicalType();
      if (Element->isBooleanType())
        return "arrays of bool are not supported";
      if (Element->isPointerType() || Element->isReferenceType() ||
          Element->isMemberPointerType())
        return "arrays of pointers are not supported";
      return whyNotObject(Element, /*ArrayElement=*/true);
    }
    if (const auto *Builtin = dyn_cast<BuiltinType>(T.getTypePtr())) {
      if (isSupportedFundamental(*Builtin))
        return "";
      return "'" + T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
             "' is not a supported fundamental type";
    }
    if (const auto *Enum = T->getAs<EnumType>()) {
      const EnumDecl *ED = Enum->getDecl()->getDefinition();
      if (!ED)
        return "";
      std::string Why = whyNotObject(ED->getIntegerType(), false);
      return Why.empty() ? "" : "underlying type: " + Why;
    }
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
      if (!RD->hasDefinition())
        return "";
      RD = RD->getDefinition();
      if (ArrayElement && !isAmpLibraryClass(*RD) && !RD->isInvalidDecl()) {
        if (RD->isEmpty())
          return "arrays of an empty class are not supported";
        // GPU memory is addressed in 32-bit words: only a class holding a
        // bool can have another size.
        if (Ctx.getTypeSizeInChars(T).getQuantity() % 4 != 0)
          return "the size of an array element must be a multiple of 4 "
                 "bytes";
      }
      return whyNotClass(*RD);
    }
    // Clang's vector types (the short vectors), complex and the rest: no
    // rule of C++ AMP names them.
    return "";
  }

  std::string whyNotClass(const CXXRecordDecl &RD) {
    auto It = Classes.find(&RD);
    if (It != Classes.end())
      return It->second;
    Classes[&RD] = ""; // a class that contains itself through a template
    std::string Why = computeClass(RD);
    Classes[&RD] = Why;
    return Why;
  }

  std::string computeClass(const CXXRecordDecl &RD) {
    std::string Name = "'" + RD.getQualifiedNameAsString() + "'";
    if (isAmpArrayClass(RD))
      return "concurrency::array and graphics::texture can only be used by "
               "reference";
    if (isAmpLibraryClass(RD))
      return "";
    if (RD.isLambda())
      return ""; // its captures are judged where it is written
    if (RD.getNumVBases())
      return Name + " has a virtual base class";
    if (RD.isPolymorphic())
      return Name + " has virtual member functions";
    for (const CXXBaseSpecifier &Base : RD.bases()) {
      std::string Why = whyNotObject(Base.getType(), false);
      if (!Why.empty())
        return "base class of " + Name + ": " + Why;
    }
    const ASTRecordLayout *Layout =
        RD.isInvalidDecl() ? nullptr : &Ctx.getASTRecordLayout(&RD);
    for (const FieldDecl *Field : RD.fields()) {
      if (Field->isBitField())
        return Name + " has a bit-field member";
      if (Layout && Field->getType()->isBooleanType() &&
          Layout->getFieldOffset(Field->getFieldIndex()) % 32 != 0)
        return "bool member '" + Field->getNameAsString() + "' of " + Name +
               " is not aligned to 4 bytes";
      std::string Why = whyNot(Field->getType(), AmpTypeUse::Member);
      if (!Why.empty())
        return "member '" + Field->getNameAsString() + "' of " + Name + ": " +
               Why;
    }
    return "";
  }

  ASTContext &Ctx;
  llvm::DenseMap<const CXXRecordDecl *, std::string> Classes;
};

} // namespace

std::string whyNotAmpType(QualType T, AmpTypeUse Use, ASTContext &Ctx) {
  static AmpTypeJudge *Judge = nullptr;
  static ASTContext *JudgeCtx = nullptr;
  if (!Judge || JudgeCtx != &Ctx) {
    delete Judge;
    Judge = new AmpTypeJudge(Ctx);
    JudgeCtx = &Ctx;
  }
  return Judge->whyNot(T, Use);
}

bool isAmpContainerClass(const CXXRecordDecl &RD) {
  if (isAmpArrayClass(RD))
    return true;
  StringRef Name = RD.getName();
  return (Name == "array_view" || Name == "texture_view" ||
          Name == "writeonly_texture_view") &&
         isAmpLibraryClass(RD);
}

/// The first container \p T holds (itself, a base, a member, an array
/// element), if any.
static const CXXRecordDecl *containedContainer(QualType T, unsigned Depth) {
  const CXXRecordDecl *RD =
      T.getCanonicalType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 16)
    return nullptr;
  RD = RD->getDefinition();
  if (isAmpContainerClass(*RD))
    return RD;
  if (isAmpLibraryClass(*RD))
    return nullptr;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (const CXXRecordDecl *Found = containedContainer(Base.getType(), Depth + 1))
      return Found;
  for (const FieldDecl *Field : RD->fields())
    if (const CXXRecordDecl *Found =
            containedContainer(Field->getType().getNonReferenceType(), Depth + 1))
      return Found;
  return nullptr;
}

std::string whyNotContainerElement(QualType T, ASTContext &Ctx) {
  if (T->isDependentType())
    return "";
  if (const CXXRecordDecl *Container = containedContainer(T, 0))
    return "it holds a '" + Container->getQualifiedNameAsString() +
           "', and containers cannot hold containers";
  return whyNotAmpType(T, AmpTypeUse::Member, Ctx);
}

} // namespace hcc
