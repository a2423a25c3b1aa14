// <hc_math.hpp>: hcc's math header. hc::precise_math and hc::fast_math
// come with <hc.hpp> itself (as in hcc); this header adds <cmath>, whose
// functions (sinf, ::sin, std::sin, std::pow(2, i), ...) work in kernels
// as they are: the driver gives every device pass a device math library
// (docs/math.md).
//
// hcc's version of this header also made every math function callable
// unqualified at global scope, in kernels and on the host, including the
// classification functions (`isnormal(x)`, `isnan(x)` without std::) and
// the names only hc::precise_math has (`rsqrt`, `sinpi`, `cospi`, `tanpi`,
// `rcbrt`, `erfinv`, `erfcinv`). hcc redefined them as templates because its plain libm calls
// did not reach the GPU; here they do, so the global names are the same
// functions as std's and precise_math's, declared there by using-
// declarations (<math.h> does that for the C library's names).
#ifndef HC_MATH_HPP
#define HC_MATH_HPP

#include <hc.hpp>

#include <cmath>
#include <math.h>

using hc::precise_math::cospi;
using hc::precise_math::cospif;
using hc::precise_math::erfcinv;
using hc::precise_math::erfcinvf;
using hc::precise_math::erfinv;
using hc::precise_math::erfinvf;
using hc::precise_math::rcbrt;
using hc::precise_math::rcbrtf;
using hc::precise_math::rsqrt;
using hc::precise_math::rsqrtf;
using hc::precise_math::signbitf;
using hc::precise_math::sinpi;
using hc::precise_math::sinpif;
using hc::precise_math::tanpi;
using hc::precise_math::tanpif;

#endif // HC_MATH_HPP
