// hc::extent<N>::tile<D0[,D1[,D2]]>(): hcc's compile-time spelling of hc
// tiling gives the same hc::tiled_extent<N> as tile(D0, ...), usable in a
// tiled parallel_for_each. In C++ AMP mode hc::extent is C++ AMP's extent
// and tile<...>() gives C++ AMP's tiled_extent<D0, ...>, which is an
// hc::tiled_extent<N> with the same tile sizes: hc's launch with an
// hc::tiled_index<N> kernel still takes it. A rank mismatch is a compile
// error.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// RUN: %hcc -std=c++amp -DWITH_AMP %s -o %t.amp && %t.amp | FileCheck %s
// RUN: not %hcc -fsyntax-only -DWRONG_RANK %s 2>&1 | FileCheck --check-prefix=RANK %s
// CHECK: extent tile: ok
// RANK: error: static assertion failed{{.*}}tile<D0, D1>() needs an extent of rank 2
#include <hc.hpp>
#ifdef WITH_AMP
#include <amp.h>
#endif

#include <cstdio>
#include <type_traits>

int main() {
  hc::extent<1> e1(64);
  hc::extent<2> e2(16, 32);
  hc::extent<3> e3(4, 8, 8);
#ifdef WRONG_RANK
  auto bad = e1.tile<4, 4>();
#endif
  auto t1 = e1.tile<16>();
  auto t2 = e2.tile<8, 16>();
  auto t3 = e3.tile<2, 4, 8>();
#ifdef WITH_AMP
  static_assert(std::is_same<decltype(t2), concurrency::tiled_extent<8, 16>>::value,
                "C++ AMP's tiled_extent");
  static_assert(std::is_base_of<hc::tiled_extent<2>, decltype(t2)>::value,
                "an hc::tiled_extent");
#else
  static_assert(std::is_same<decltype(t2), hc::tiled_extent<2>>::value,
                "hc's tiled_extent");
#endif
  bool ok = t1.tile_dim[0] == 16 && t2.tile_dim[0] == 8 &&
            t2.tile_dim[1] == 16 && t3.tile_dim[2] == 8 &&
            t3.get_tile_extent() == e3.tile(2, 4, 8).get_tile_extent();

  hc::array_view<int, 2> v(e2);
  hc::parallel_for_each(t2, [=](hc::tiled_index<2> t) [[hc]] {
    v[t.global] = t.tile[0] * 100 + t.local[1];
  }).wait();
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 32; ++j)
      ok = ok && v(i, j) == (i / 8) * 100 + j % 16;

#ifdef WITH_AMP
  concurrency::extent<2> ae(16, 32);
  auto at = ae.tile<8, 16>();
  static_assert(std::is_same<decltype(at), concurrency::tiled_extent<8, 16>>::value,
                "C++ AMP's tiled_extent");
  ok = ok && at[0] == 16;
#endif
  std::printf("extent tile: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
