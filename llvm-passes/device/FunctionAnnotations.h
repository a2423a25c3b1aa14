//===- FunctionAnnotations.h - Functions the Clang plugin marked -*- C++
//-*-===//
//
// Part of hcc. The Clang plugin marks functions with implicit
// __attribute__((annotate("..."))) (names in hc/detail/abi_names.h); Clang
// lowers each to an entry { ptr @fn, ptr @.str, ptr @file, i32 line, ptr
// args } of the llvm.global.annotations array, for definitions and
// declarations alike.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_FUNCTIONANNOTATIONS_H
#define HCC_LLVM_PASSES_DEVICE_FUNCTIONANNOTATIONS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace hcc {

/// Calls \p Visit with every function of \p M and the text of each of its
/// annotations, in the order of llvm.global.annotations.
void forEachFunctionAnnotation(
    const llvm::Module &M,
    llvm::function_ref<void(llvm::Function &, llvm::StringRef)> Visit);

/// The functions of \p M annotated exactly \p Annotation, in the order of
/// llvm.global.annotations.
llvm::SmallVector<llvm::Function *, 4>
functionsAnnotated(llvm::Module &M, llvm::StringRef Annotation);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_FUNCTIONANNOTATIONS_H
