// tile_static variables are not constructed (C++ AMP 1.2 section
// 2.4.3.5.1): a single object of a class whose default constructor is not
// trivial cannot be declared, and the error says what to write instead.
// Arrays of such classes are fine (kernels/tile_static_not_constructed.cpp).

// RUN: not %hcc -hc -c %s -o /dev/null 2>&1 | FileCheck %s

#include <hc.hpp>
#include <hc_short_vector.hpp>

struct Counted {
  int value;
  Counted() [[hc, cpu]] : value(-1) {}
};

// clang-format off
void scalars(hc::array_view<int, 1> out) {
  hc::parallel_for_each(hc::extent<1>(64).tile(64), [=](hc::tiled_index<1> t) [[hc]] {
    // CHECK: diag-tile-static-constructed.cpp:[[@LINE+1]]:43: error: tile_static variable 'vector' of type 'hc::short_vector::float_4' {{.*}} cannot be declared: tile_static variables are not constructed, and a single object of a class whose default constructor is not trivial must be; declare an array of one, `tile_static hc::short_vector::float_4 vector[1];`, and use `vector[0]`
    tile_static hc::short_vector::float_4 vector;
    // CHECK: diag-tile-static-constructed.cpp:[[@LINE+1]]:25: error: tile_static variable 'counted' of type 'Counted' cannot be declared
    tile_static Counted counted;
    vector.x = 1.0f;
    counted.value = 2;
    t.barrier.wait();
    out[t.global] = int(vector.x) + counted.value;
  });
}
