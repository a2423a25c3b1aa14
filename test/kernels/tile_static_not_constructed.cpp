// RUN: %hcc %s -o %t && %t
// C++ AMP 1.2 section 2.4.3.5.1, as hcc: tile_static variables are not
// constructed. Arrays of short vectors (whose default constructor zeroes
// them), of classes without a default constructor and of classes with
// non-trivial constructors and destructors, in lambdas and in templates,
// compile and hold what the work-items write.
#include <cstdio>
#include <hc.hpp>
#include <hc_short_vector.hpp>
#include <vector>

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c);      \
      return 1;                                                                \
    }                                                                          \
  } while (0)

using namespace hc::short_vector;

// No default constructor at all.
struct Pair {
  int a, b;
  Pair(int a, int b) [[hc, cpu]] : a(a), b(b) {}
};

// A default constructor and a destructor that are not trivial.
struct Counted {
  int value;
  Counted() [[hc, cpu]] : value(-1) {}
  ~Counted() [[hc, cpu]] { value = -2; }
};

// A plain aggregate: its default constructor is trivial.
struct Plain {
  int x, y;
};

// A dependent element type, as libraries write scratch arrays.
template <class T, int N>
T rotate_through_tile(const hc::tiled_index<1> &t, T mine) [[hc]] {
  tile_static T lds[N];
  lds[t.local[0]] = mine;
  t.barrier.wait();
  T result = lds[(t.local[0] + 1) % N];
  t.barrier.wait();
  return result;
}

int main() {
  constexpr int tile = 64, n = tile * 8;
  std::vector<int> out(n, 0);
  hc::array_view<int, 1> view(n, out);
  hc::parallel_for_each(
      hc::extent<1>(n).tile(tile), [=](hc::tiled_index<1> t) [[hc]] {
        tile_static float_4 vectors[tile];
        tile_static int_2 grid[2][tile];
        tile_static Pair pairs[tile];
        tile_static Counted counted[tile];
        tile_static Plain plain;
        int l = t.local[0];
        vectors[l] = float_4(float(l), 1.0f, 2.0f, 3.0f);
        grid[1][l] = int_2(l, 2 * l);
        pairs[l] = Pair(l, 3);
        counted[l].value = 4;
        if (l == 0) {
          plain.x = 5;
          plain.y = 6;
        }
        t.barrier.wait();
        int r = (l + 1) % tile;
        float_4 v = vectors[r];
        int sum = int(v.x + v.y + v.z + v.w) + grid[1][r].y + pairs[r].a +
                  pairs[r].b + counted[r].value + plain.x + plain.y;
        view[t.global] =
            sum + rotate_through_tile<int_2, tile>(t, int_2(l, 0)).x;
      });
  for (int k = 0; k < n; ++k) {
    int r = (k % tile + 1) % tile;
    // (r + 6) + 2r + (r + 3) + 4 + 11, then the rotated neighbour's r.
    CHECK(view[k] == r + 6 + 2 * r + r + 3 + 4 + 11 + r);
  }
  std::puts("ok");
  return 0;
}
