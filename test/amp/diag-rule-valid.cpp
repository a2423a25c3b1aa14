// What C++ AMP 1.2 chapter 2 allows in restrict(amp) code compiles in C++
// AMP mode without a diagnostic and runs: the counterpart of the
// diag-rule-*.cpp errors.

// RUN: %hcc -std=c++amp -Werror %s -o %t && %t

#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Pair {
  int a;
  float b;
  bool flag; // at offset 8: aligned to 4 bytes
};
struct WithBase : Pair {
  double d;
};
enum Colour { Red, Green };
enum class Wide : unsigned long { One = 1 };
struct Data {
  int value;
};

static const int folded = 5; // used as a constant only
// An object without state has nothing to read: its members may be called.
struct Stateless {
  int three() const restrict(amp, cpu) { return 3; }
};
static const Stateless stateless;
static auto lambda = []() restrict(amp, cpu) { return 4; };
int twice(int x) restrict(amp, cpu) { return 2 * x; }
// Overloaded on restriction: each side calls its own.
int side() restrict(amp) { return 1; }
int side() restrict(cpu) { return 2; }
int calls_side() restrict(amp, cpu) { return side(); }

struct AmpDefault {
  AmpDefault() restrict(amp, cpu) : v(3) {}
  int v;
};
struct DerivedDefault : AmpDefault {}; // implicit ctor: restrict(amp, cpu)

int body(int x, const int &ref, int *ptr, array<int, 1> &arr,
         index<1> i) restrict(amp) {
  unsigned int u = 1u;
  long l = 2l;
  unsigned long ul = 3ul;
  float f = 1.5f;
  double d = 2.5;
  bool b = x > 0;
  std::nullptr_t none = nullptr;
  int local[4] = {1, 2, 3, 4};
  int *p = &local[1];
  int &r = local[2];
  Pair pair = {1, 2.0f, true};
  WithBase wb;
  wb.d = d;
  Colour c = Green;
  Wide w = Wide::One;
  int Data::*member = &Data::value;
  Data data = {7};
  DerivedDefault dd;
  x += stateless.three() + lambda();
  x += u + l + ul + int(f) + int(d) + b + (none == nullptr) + *p + r +
       pair.a + c + int(w) + data.*member + dd.v + folded + twice(ref) +
       *ptr + arr[i] + calls_side() + 0x7fffffff - 0x7fffffff;
  for (int k = 0; k < 4; ++k)
    x += local[k];
  array<int, 1> *arr_ptr = &arr; // as good as the reference
  x += (*arr_ptr)[i];
  return x;
}

int host_function(int x) { return x + 1; }

int main() {
  // Function pointers are restrict(cpu), which they may say.
  int (*fp)(int) restrict(cpu) = host_function;
  std::vector<int> out(1, 0);
  array<int, 1> arr(1, out.begin());
  array_view<int, 1> view(1, out);
  parallel_for_each(arr.get_extent(), [=, &arr](index<1> i) restrict(amp) {
    int one = 1;
    view[i] = body(1, one, &one, arr, i) + side();
  });
  view.synchronize();
  // On the host, side() is the cpu one.
  if (out[0] <= 0 || calls_side() != 2 || fp(1) != 2) {
    printf("FAIL: kernel result %d, calls_side() %d\n", out[0], calls_side());
    return 1;
  }
  return 0;
}
