// <amp_math.h>: C++ AMP's Concurrency::precise_math and
// Concurrency::fast_math, which are hc's (include/hc/detail/math/
// precise_fast_math.hpp): float and double overloads and the f-suffixed
// float names of the C99 math functions, restrict(amp, cpu). On a GPU they
// run hcc's device math library, on the CPU the host's libm; accuracy and
// what is absent: docs/math.md.
#ifndef HCC_AMP_MATH_H
#define HCC_AMP_MATH_H

#include <amp.h>

namespace Concurrency {
namespace precise_math = hc::precise_math;
namespace fast_math = hc::fast_math;
} // namespace Concurrency

#endif // HCC_AMP_MATH_H
