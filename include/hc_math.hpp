// <hc_math.hpp>: hcc's math header. hc::precise_math and hc::fast_math
// come with <hc.hpp> itself (as in hcc); this header adds <cmath>, whose
// functions (sinf, ::sin, std::sin, std::pow(2, i), ...) work in kernels
// as they are: the driver gives every device pass a device math library
// (docs/math.md). hcc's version of this header redefined the global math
// names as templates forwarding to precise_math, because its plain libm
// calls did not reach the GPU; here they do, so nothing is redefined.
#ifndef HC_MATH_HPP
#define HC_MATH_HPP

#include <hc.hpp>

#include <cmath>

#endif // HC_MATH_HPP
