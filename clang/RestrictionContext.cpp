//===- RestrictionContext.cpp - amp context outside function bodies ------===//
//
// Part of hcc.
//
// Why a pragma: nothing else reaches Sema between the tokens of a
// declarator. The preprocessor runs a pragma handler when it lexes the
// pragma, which for the push is at the latest when the parser consumes the
// "->" before the return type and for the pop when it consumes the last
// token of the return type: the calls in between are resolved while the
// context says "device". (A lookahead that lexed the pop early would only
// make the resolution the one of host-and-device code, as without it.)
//
// In the device pass callerless calls already prefer __device__ functions,
// so for amp functions only the host pass changes, where amp code is
// compiled as host code too: a __device__ caller there still sees __host__
// functions through --hipstdpar, so nothing becomes unusable. A cpu-only
// function's return type gets the host context ("push cpu"), so that the
// device pass, where callerless calls prefer the device side, gives it the
// same type as the host pass.
//
//===----------------------------------------------------------------------===//

#include "RestrictionContext.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace hcc {

namespace {

class RestrictionContextHandler : public PragmaHandler {
public:
  explicit RestrictionContextHandler(CompilerInstance &CI)
      : PragmaHandler(RestrictionContextPragma), CI(CI) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &FirstToken) override {
    Token Tok;
    PP.LexUnexpandedToken(Tok);
    bool Push = Tok.is(tok::identifier) && Tok.getIdentifierInfo()->isStr("push");
    bool Pop = Tok.is(tok::identifier) && Tok.getIdentifierInfo()->isStr("pop");
    bool Amp = false, Cpu = false;
    if (Push) {
      PP.LexUnexpandedToken(Tok);
      Amp = Tok.is(tok::identifier) && Tok.getIdentifierInfo()->isStr("amp");
      Cpu = Tok.is(tok::identifier) && Tok.getIdentifierInfo()->isStr("cpu");
    }
    // The rest of the pragma, up to its end.
    while (Tok.isNot(tok::eod))
      PP.LexUnexpandedToken(Tok);
    if (!CI.hasSema() || !CI.getLangOpts().CUDA)
      return;
    SemaCUDA &Cuda = CI.getSema().CUDA();
    if (Push) {
      Saved.push_back(Cuda.CurCUDATargetCtx);
      if (Amp)
        Cuda.CurCUDATargetCtx.Target = CUDAFunctionTarget::Device;
      else if (Cpu)
        Cuda.CurCUDATargetCtx.Target = CUDAFunctionTarget::Host;
    } else if (Pop && !Saved.empty()) {
      Cuda.CurCUDATargetCtx = Saved.pop_back_val();
    }
    (void)FirstToken;
  }

private:
  CompilerInstance &CI;
  llvm::SmallVector<SemaCUDA::CUDATargetContext, 2> Saved;
};

} // namespace

void installRestrictionContextPragma(CompilerInstance &CI) {
  if (!CI.hasPreprocessor())
    return;
  CI.getPreprocessor().AddPragmaHandler(new RestrictionContextHandler(CI));
}

} // namespace hcc
