// Textures hold C++ AMP's texel types only, and sample() / gather need the
// texture kinds that support them: each misuse is a compile-time error
// naming what is allowed.

// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=CHAR --implicit-check-not=error:
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=THREE --implicit-check-not=error:
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=DOUBLE4 --implicit-check-not=error:
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=SAMPLE --implicit-check-not=error:
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=GATHER --implicit-check-not=error:
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=BORDER --implicit-check-not=error:
// CHAR: error: static assertion failed {{.*}}texture element type must be int, unsigned int, float, norm, unorm
// THREE: error: static assertion failed {{.*}}texture element type must be
// DOUBLE4: error: static assertion failed {{.*}}texture element type must be
// SAMPLE: error: static assertion failed {{.*}}sample() needs a texture of float, norm or unorm elements
// GATHER: error: static assertion failed {{.*}}gather needs a texture of rank 2
// BORDER: error: static assertion failed {{.*}}address_border needs a sampler object

#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

struct pixel {
  char r, g;
};

int main() {
#if CASE == 1
  texture<pixel, 1> t(4);
#elif CASE == 2
  texture<float_3, 2> t(4, 4);
#elif CASE == 3
  texture<double_4, 1> t(4);
#elif CASE == 4
  texture<int, 2> t(4, 4);
  texture_view<const int, 2> v(t);
  array<int, 1> out(1);
  parallel_for_each(out.get_extent(), [=, &out](index<1> i) restrict(amp) {
    out[i] = v.sample(sampler(), float_2(0.5f, 0.5f));
  });
#elif CASE == 5
  texture<float, 1> t(4);
  texture_view<const float, 1> v(t);
  array<float_4, 1> out(1);
  parallel_for_each(out.get_extent(), [=, &out](index<1> i) restrict(amp) {
    out[i] = v.gather_red(sampler(), 0.5f);
  });
#elif CASE == 6
  texture<float, 2> t(4, 4);
  texture_view<const float, 2> v(t);
  array<float, 1> out(1);
  parallel_for_each(out.get_extent(), [=, &out](index<1> i) restrict(amp) {
    out[i] = v.sample<filter_point, address_border>(float_2(0.5f, 0.5f));
  });
#endif
  return 0;
}
