// RUN: %hcc %s -o %t && %t
// A kernel may use a captured object's member functions (const and
// non-const, inline and out-of-line), its constructors and operators.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

struct Affine {
  int a, b;
  Affine(int a_, int b_) : a(a_), b(b_) {}
  int apply(int x) const { return a * x + b; }
  Affine compose(const Affine &o) const;
  Affine &twice() {
    a *= 2;
    b *= 2;
    return *this;
  }
};

Affine Affine::compose(const Affine &o) const {
  return Affine(a * o.a, a * o.b + b);
}

struct Vec2 {
  float x, y;
  Vec2 operator+(const Vec2 &o) const { return Vec2{x + o.x, y + o.y}; }
};

int main() {
  const int n = 512;
  std::vector<int> out(n, 0);
  std::vector<float> fout(n, 0.0f);
  hc::array_view<int, 1> v(n, out);
  hc::array_view<float, 1> vf(n, fout);
  Affine f(3, 1), g(2, 5);
  Vec2 offset{1.0f, 2.0f};
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    Affine h = f.compose(g);  // 6x + 16
    Affine k(1, 1);
    k.twice();                // 2x + 2
    v[i] = h.apply(i[0]) + k.apply(i[0]);
    Vec2 p = Vec2{(float)i[0], 0.0f} + offset;
    vf[i] = p.x + p.y;
  });
  for (int i = 0; i < n; ++i) {
    CHECK(v[i] == 8 * i + 18);
    CHECK(vf[i] == i + 3.0f);
  }
  return 0;
}
