// <amp_short_vectors.h>: C++ AMP 1.2's short vectors and norm / unorm in
// namespace Concurrency::graphics. They are hc's (<hc_short_vector.hpp>):
// the same types under C++ AMP's names (docs/short-vectors.md).
#ifndef HC_AMP_SHORT_VECTORS_H
#define HC_AMP_SHORT_VECTORS_H

#include <hc_short_vector.hpp>

namespace Concurrency {
namespace graphics {

using hc::short_vector::norm;
using hc::short_vector::unorm;
using hc::short_vector::short_vector;
using hc::short_vector::short_vector_traits;

#define HC_AMP_SV_TYPES(name)                                                  \
  using hc::short_vector::name##_2;                                            \
  using hc::short_vector::name##_3;                                            \
  using hc::short_vector::name##_4;

HC_AMP_SV_TYPES(int)
HC_AMP_SV_TYPES(uint)
HC_AMP_SV_TYPES(float)
HC_AMP_SV_TYPES(double)
HC_AMP_SV_TYPES(norm)
HC_AMP_SV_TYPES(unorm)
#undef HC_AMP_SV_TYPES

using uint = unsigned int;

} // namespace graphics
} // namespace Concurrency

#endif // HC_AMP_SHORT_VECTORS_H
