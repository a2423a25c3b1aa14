// C++ AMP's compile-time rules on the API, in C++ AMP mode only: tile sizes
// of a launch (at most 1024 work-items, at most 64 in dimension 0 of a
// rank-3 tile), element types of array / array_view / reinterpret_as (no
// pointers, no virtual functions, size a multiple of sizeof(int)),
// view_as and data() on rank-1 array_views only, no assignment to the
// accelerator_view a getter returns, no const array as a copy destination.
// hc mode keeps accepting what hc allows.

// RUN: %hcc -std=c++amp -fsyntax-only %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=1 %s 2>&1 | FileCheck --check-prefix=TILE %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=2 %s 2>&1 | FileCheck --check-prefix=TILE3 %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=3 %s 2>&1 | FileCheck --check-prefix=PTR %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=4 %s 2>&1 | FileCheck --check-prefix=SIZE %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=5 %s 2>&1 | FileCheck --check-prefix=VIRT %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=6 %s 2>&1 | FileCheck --check-prefix=REINT %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=7 %s 2>&1 | FileCheck --check-prefix=VIEWAS %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=8 %s 2>&1 | FileCheck --check-prefix=DATA %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=9 %s 2>&1 | FileCheck --check-prefix=AVASSIGN %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DCASE=10 %s 2>&1 | FileCheck --check-prefix=CONSTDEST %s
// RUN: %hcc -hc -fsyntax-only -DHC_MODE %s
// TILE: a tile has at most 1024 work-items
// TILE3: dimension 0 of a rank-3 tile has at most 64 work-items
// PTR: pointers cannot be array or array_view elements
// SIZE: must be a multiple of sizeof(int)
// VIRT: cannot have virtual functions
// REINT: must be a multiple of sizeof(int)
// VIEWAS: view_as needs a rank-1 array_view
// DATA: data() needs a rank-1 array_view
// AVASSIGN: error: no viable overloaded '='
// CONSTDEST: error: no matching function for call to 'copy_async'

#ifdef HC_MODE
#include <hc.hpp>
namespace concurrency = hc;
#else
#include <amp.h>
#endif

#ifndef CASE
#define CASE 0
#endif

struct with_virtual {
  int x;
  virtual int get() { return x; }
};

void rules(concurrency::array<int, 2> &a, concurrency::array_view<int, 2> v) {
  using namespace concurrency;
  // Allowed in both modes.
  array_view<int, 1> flat = a.view_as(extent<1>(a.get_extent().size()));
  array_view<float, 1> f = flat.reinterpret_as<float>();
  array_view<int, 2> reshaped = a.view_as(extent<2>(1, a.get_extent().size()));
  (void)f;
  (void)reshaped;
#ifndef HC_MODE
  parallel_for_each(extent<2>(64, 64).tile<32, 32>(), [](tiled_index<32, 32>) restrict(amp) {});
  parallel_for_each(extent<3>(64, 4, 4).tile<64, 4, 4>(), [](tiled_index<64, 4, 4>) restrict(amp) {});
#else
  // hc mode: what C++ AMP forbids, hc allows.
  array_view<int, 2> v2 = v.view_as(extent<2>(2, 2));
  int *p = v.data();
  array<char, 1> chars(4);
  array_view<short, 1> shorts = flat.reinterpret_as<short>();
  (void)v2;
  (void)p;
  (void)shorts;
#endif
#if CASE == 1
  parallel_for_each(extent<2>(64, 64).tile<32, 33>(), [](tiled_index<32, 33>) restrict(amp) {});
#elif CASE == 2
  parallel_for_each(extent<3>(65, 1, 1).tile<65, 1, 1>(), [](tiled_index<65, 1, 1>) restrict(amp) {});
#elif CASE == 3
  array<int *, 1> pointers(4);
#elif CASE == 4
  array<char, 1> chars(4);
#elif CASE == 5
  array<with_virtual, 1> objects(4);
#elif CASE == 6
  array_view<short, 1> shorts = flat.reinterpret_as<short>();
#elif CASE == 7
  array_view<int, 2> v2 = v.view_as(extent<2>(2, 2));
#elif CASE == 8
  int *p = v.data();
#elif CASE == 9
  a.get_accelerator_view() = accelerator().get_default_view();
#elif CASE == 10
  const array<int, 2> dest(a.get_extent());
  copy_async(a, dest);
#endif
}
