//===- ExecutionSpace.cpp - hc/cpu in terms of Clang's CUDA model --------===//
//
// Part of hcc.
//
// Why these attributes are enough, with -Xclang --hipstdpar on:
//  - the device pass emits every function without __host__ (so plain and
//    [[hc]] functions get device bodies, [[cpu]] ones do not);
//  - device vtables only list virtual functions with __device__, so [[hc]]
//    is what makes virtual calls work in kernels;
//  - calls from device code to host functions are accepted by Sema and
//    judged later, by the pass plugin, once it knows what kernels reach.
//
// | restriction          | attributes        | why                              |
// |----------------------|-------------------|----------------------------------|
// | none                 | none              | compiled where it is needed      |
// | cpu                  | __host__          | no device body                   |
// | amp                  | __host__ __device__ | the CPU backend runs kernels   |
// |                      |                   | from the host pass               |
// | amp and cpu          | __host__ __device__ |                                |
// | amp, with a twin     | __device__        | the only pair Clang overloads    |
// | cpu/none, with twin  | as above          |                                  |
//
// A twin pair is `int f() [[hc]]` next to `int f() [[cpu]]` (or an
// unannotated `int f()`): C++ AMP overloading on restriction. Host code
// gets the cpu one (the amp one is __device__: not viable from __host__,
// "wrong side" from __host__ __device__); device code gets the amp one.
// On the CPU backend a kernel runs host-pass code, so it calls the cpu one.
//
// The attributes are implicit: they are hcc's reading of [[hc]]/[[cpu]],
// not something the user wrote, so AST printing does not show them as
// __host__/__device__ that would not compile without hcc.
//
// __host__ alone does not keep every body out of the device module: Clang
// still emits a host-only member function defined in its class, or a
// template instantiation, when device code calls it (CodeGen's deferred
// emission does not look at the CUDA attributes; normally Sema has already
// rejected such a call, but --hipstdpar allows it). So in the device pass a
// [[cpu]] function is also annotated, and the pass plugin drops the body of
// every annotated function before checking what kernels call.
//
//===----------------------------------------------------------------------===//

#include "ExecutionSpace.h"

#include "hc/detail/abi_names.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hcc {

/// Per declaration, what its own hcc attributes said. One compiler process
/// compiles one translation unit, so a process-wide table is enough.
static llvm::DenseMap<const FunctionDecl *, Restriction> &writtenTable() {
  static llvm::DenseMap<const FunctionDecl *, Restriction> Table;
  return Table;
}

Restriction writtenRestriction(const FunctionDecl &FD) {
  auto It = writtenTable().find(&FD);
  return It == writtenTable().end() ? Restriction::None : It->second;
}

void recordWrittenRestriction(const FunctionDecl &FD, Restriction R) {
  Restriction &Entry = writtenTable()[&FD];
  Entry = Entry | R;
}

template <class AttrT> static bool isOurs(const Attr *A) {
  return isa<AttrT>(A) && A->isImplicit();
}

/// One of the annotations this file adds (hc::abi::host_only_annotation,
/// hc::abi::device_function_annotation).
static bool isOurAnnotation(const Attr *A) {
  const auto *Annotation = dyn_cast<AnnotateAttr>(A);
  if (!Annotation || !Annotation->isImplicit())
    return false;
  llvm::StringRef Text = Annotation->getAnnotation();
  return Text == hc::abi::host_only_annotation ||
         Text == hc::abi::device_function_annotation;
}

/// Whether another translation unit could define or call \p FD: a
/// function that is not inline, not a template and not static. Linkage is
/// not asked here (computing it while the declaration is being parsed can
/// fix it too early); the pass plugin reads it from the IR.
static bool mayCrossTranslationUnits(const FunctionDecl &FD) {
  return !FD.isInlined() && !FD.isTemplated() &&
         FD.getStorageClass() != SC_Static && !FD.isInAnonymousNamespace();
}

static bool isAmpAbiTag(const Attr *A) {
  const auto *Tag = dyn_cast<AbiTagAttr>(A);
  return Tag && Tag->isImplicit() && Tag->tags_size() == 1 &&
         *Tag->tags_begin() == hc::abi::amp_abi_tag;
}

void applyPlacement(ASTContext &Ctx, FunctionDecl &FD, const Placement &P) {
  bool Amp = P.What == Restriction::Amp || P.What == Restriction::Both;
  bool Cpu = P.What == Restriction::Cpu || P.What == Restriction::Both;
  bool Device = Amp;
  bool Host = Cpu || (Amp && !(P.Twin && P.What == Restriction::Amp));
  bool HostOnlyMark = Ctx.getLangOpts().CUDAIsDevice && Cpu && !Amp;
  // In both passes: the host pass lists the host globals such a function
  // uses for the image that exports it (docs/svm.md).
  bool DeviceFunctionMark = Amp && mayCrossTranslationUnits(FD);
  bool Tagged = P.AmpTagged && !FD.isExternC();

  // Start from what the user wrote: drop every implicit attribute this
  // file may have added before (a redeclaration can change the picture).
  llvm::erase_if(FD.getAttrs(), [](const Attr *A) {
    return isOurs<CUDADeviceAttr>(A) || isOurs<CUDAHostAttr>(A) ||
           isOurAnnotation(A) || isAmpAbiTag(A);
  });
  SourceRange Range = FD.getSourceRange();
  if (Device && !FD.hasAttr<CUDADeviceAttr>())
    FD.addAttr(CUDADeviceAttr::CreateImplicit(Ctx, Range));
  if (Host && !FD.hasAttr<CUDAHostAttr>())
    FD.addAttr(CUDAHostAttr::CreateImplicit(Ctx, Range));
  if (HostOnlyMark)
    FD.addAttr(AnnotateAttr::CreateImplicit(Ctx, hc::abi::host_only_annotation,
                                            /*Args=*/nullptr, /*ArgsSize=*/0,
                                            Range));
  if (DeviceFunctionMark)
    FD.addAttr(AnnotateAttr::CreateImplicit(
        Ctx, hc::abi::device_function_annotation, /*Args=*/nullptr,
        /*ArgsSize=*/0, Range));
  if (Tagged) {
    llvm::StringRef Tag = hc::abi::amp_abi_tag;
    FD.addAttr(AbiTagAttr::CreateImplicit(Ctx, &Tag, 1, Range));
  }
}

} // namespace hcc
