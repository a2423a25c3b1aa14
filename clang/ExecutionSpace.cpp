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
// The attributes are implicit: they are hcc's reading of [[hc]]/[[cpu]],
// not something the user wrote, so AST printing does not show them as
// __host__/__device__ that would not compile without hcc.
//
// __host__ alone does not keep every body out of the device module: Clang
// still emits a host-only member function defined in its class, or a
// template instantiation, when device code calls it (CodeGen's deferred
// emission does not look at the CUDA attributes; normally Sema has already
// rejected such a call, but --hipstdpar allows it). So in the device pass a
// host-only function is also annotated, and the pass plugin drops the body
// of every annotated function before checking what kernels call.
//
//===----------------------------------------------------------------------===//

#include "ExecutionSpace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hcc {

static bool isHostOnlyAnnotation(const Attr *A) {
  const auto *Annotation = dyn_cast<AnnotateAttr>(A);
  return Annotation && Annotation->isImplicit() &&
         Annotation->getAnnotation() == HostOnlyAnnotation;
}

/// Keeps the annotation in step with the attributes: present exactly when
/// the function runs on the host only.
static void updateHostOnlyAnnotation(ASTContext &Ctx, FunctionDecl &FD,
                                     SourceRange Range) {
  if (!Ctx.getLangOpts().CUDAIsDevice)
    return;
  bool HostOnly = FD.hasAttr<CUDAHostAttr>() && !FD.hasAttr<CUDADeviceAttr>();
  bool Annotated = llvm::any_of(FD.attrs(), isHostOnlyAnnotation);
  if (HostOnly && !Annotated)
    FD.addAttr(AnnotateAttr::CreateImplicit(Ctx, HostOnlyAnnotation,
                                            /*Args=*/nullptr, /*ArgsSize=*/0,
                                            Range));
  else if (!HostOnly && Annotated)
    llvm::erase_if(FD.getAttrs(), isHostOnlyAnnotation);
}

void addExecutionSpace(ASTContext &Ctx, FunctionDecl &FD, ExecutionSpace Space,
                       SourceRange Range) {
  if (Space == ExecutionSpace::Accelerator && !FD.hasAttr<CUDADeviceAttr>())
    FD.addAttr(CUDADeviceAttr::CreateImplicit(Ctx, Range));
  if (!FD.hasAttr<CUDAHostAttr>())
    FD.addAttr(CUDAHostAttr::CreateImplicit(Ctx, Range));
  updateHostOnlyAnnotation(Ctx, FD, Range);
}

} // namespace hcc
