//===- PtxInlineAsm.h - Is this inline assembly PTX? ------------*- C++ -*-===//
//
// Part of hcc. The NVPTX backend copies inline assembly into the PTX as it
// is; host (x86) assembly in a kernel would only fail when the CUDA driver
// compiles the PTX at run time. This check tells PTX from anything else so
// that the mistake is a compile error instead.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_PTXINLINEASM_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_PTXINLINEASM_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class InlineAsm;
} // namespace llvm

namespace hcc {

/// Empty when \p Asm can be PTX; otherwise why not (the offending
/// instruction or constraint, quoted).
std::string whyNotPtx(const llvm::InlineAsm &Asm);

/// The last statement of \p Asm when it lacks the ';' that ends every PTX
/// statement (`asm("ret")`): the NVPTX backend copies it as it is and the
/// PTX assembler of the CUDA driver, at load time, would fail on the line
/// after it. Empty when every statement is terminated.
std::string unterminatedPtxStatement(const llvm::InlineAsm &Asm);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_PTXINLINEASM_H
