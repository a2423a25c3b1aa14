// <amp_math.h> is not implemented yet (it needs the device math library);
// including it is a clear error.

// RUN: not %hcc -std=c++amp -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: error: "<amp_math.h> is not available in hcc yet

#include <amp_math.h>
