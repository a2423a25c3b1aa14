//===- DeviceVirtualFunctions.cpp - Fill device vtables ------------------===//
//
// Part of hcc.
//
// Clang builds a vtable's initialiser either when Sema hands the class to
// the consumers (HandleVTable, for classes whose vtable this translation
// unit defines) or at the end of code generation (vtables emitted on
// demand). This consumer runs before Clang's code generator in both events
// (the plugin's action is added before the main action), so marking the
// virtual functions there reaches every initialiser, and after Sema, so the
// marks change nothing Sema decides (overloads, diagnostics).
//
// The marks are implicit __device__ __host__ attributes: exactly what makes
// Clang put the function into the device vtable and emit its body for the
// device (for a definition in this translation unit). A [[cpu]] function
// keeps its hcc.host_only annotation, so the pass plugin still drops its
// body and a kernel calling it gets an error.
//
//===----------------------------------------------------------------------===//

#include "DeviceVirtualFunctions.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace hcc {
namespace {

class VirtualFunctionMarker : public ASTConsumer,
                              public RecursiveASTVisitor<VirtualFunctionMarker> {
public:
  void Initialize(ASTContext &Context) override { Ctx = &Context; }

  // After an error nothing is generated; erroneous declarations are not
  // worth the risk of walking.
  void HandleVTable(CXXRecordDecl *RD) override {
    if (!Ctx->getDiagnostics().hasErrorOccurred())
      markClass(RD);
  }

  void HandleTranslationUnit(ASTContext &Context) override {
    // Vtables Clang emits on demand are built after this.
    if (!Context.getDiagnostics().hasErrorOccurred())
      TraverseDecl(Context.getTranslationUnitDecl());
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    markClass(RD);
    return true;
  }

private:
  void markClass(CXXRecordDecl *RD) {
    if (!RD || !RD->hasDefinition())
      return;
    RD = RD->getDefinition();
    if (RD->isDependentContext() || !RD->isDynamicClass() ||
        !Marked.insert(RD).second)
      return;
    // A vtable also lists the virtual functions the class inherits.
    for (const CXXBaseSpecifier &Base : RD->bases())
      markClass(Base.getType()->getAsCXXRecordDecl());
    for (CXXMethodDecl *MD : RD->methods())
      markMethod(MD);
  }

  void markMethod(CXXMethodDecl *MD) {
    // Pure and deleted ones too: their slots then get Clang's
    // __cxa_pure_virtual/__cxa_deleted_virtual, which the pass plugin
    // defines as traps, instead of null.
    if (!MD->isVirtual())
      return;
    if (!MD->hasAttr<CUDADeviceAttr>())
      MD->addAttr(CUDADeviceAttr::CreateImplicit(*Ctx));
    if (!MD->hasAttr<CUDAHostAttr>())
      MD->addAttr(CUDAHostAttr::CreateImplicit(*Ctx));
  }

  ASTContext *Ctx = nullptr;
  llvm::SmallPtrSet<const CXXRecordDecl *, 32> Marked;
};

} // namespace

std::unique_ptr<ASTConsumer>
createDeviceVirtualFunctionsConsumer(CompilerInstance &CI) {
  if (!CI.getLangOpts().CUDAIsDevice)
    return nullptr;
  // Type metadata on vtables (!type) and type tests before virtual calls;
  // the pass plugin reads and then removes them (no LTO follows).
  CodeGenOptions &CodeGen = CI.getCodeGenOpts();
  CodeGen.WholeProgramVTables = true;
  CodeGen.LTOUnit = true;
  return std::make_unique<VirtualFunctionMarker>();
}

} // namespace hcc
