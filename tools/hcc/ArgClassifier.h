//===- ArgClassifier.h - Sort the user's arguments into passes --*- C++ -*-===//
//
// hcc is used like clang++, so it has to understand clang++'s command line
// well enough to know, for every argument, whether it is an input, a mode
// (-c, -E...), a flag for the compile passes, a flag for the link, or one of
// the historical hcc flags that must be accepted and dropped.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_ARGCLASSIFIER_H
#define HCC_DRIVER_ARGCLASSIFIER_H

#include "DriverOptions.h"

#include "llvm/ADT/ArrayRef.h"

namespace hcc {

/// Classifies \p Args (argv without argv[0], response files already
/// expanded). Problems are reported in DriverOptions::Errors/Warnings.
DriverOptions classifyArguments(llvm::ArrayRef<const char *> Args);

} // namespace hcc

#endif // HCC_DRIVER_ARGCLASSIFIER_H
