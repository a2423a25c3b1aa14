// The forms of C++ AMP's restriction specifier the original hcc accepted,
// in C++ AMP mode and in hc mode: empty elements (restrict(amp,),
// restrict(,cpu,,), restrict(,) for no restriction), and a bare `restrict`
// after a member function's parameter list, which is not C++ AMP's but the
// qualifier Clang spells __restrict.

// RUN: %hcc -std=c++amp -Werror %s -o %t && %t
// RUN: %hcc -hc -Werror %s -o %t.hc && %t.hc

#include <hc.hpp>
#include <cstdio>

int unrestricted() restrict(,) { return 1; }
int amp_trailing_comma() restrict(amp,) { return 2; }
int amp_leading_comma() restrict(,amp) { return amp_trailing_comma() + 1; }
int cpu_many_commas() restrict(,   ,,,   ,cpu,,,,) { return 4; }
int both_spaced() restrict( cpu , , amp ) { return 5; }

class Holder {
public:
  int value = 6;
  int get() restrict;                  // C99-style qualifier of `this`
  int get_const() const restrict { return value + 1; }
};
int Holder::get() restrict { return value; }

int main() {
  int out[3] = {};
  hc::array_view<int, 1> av(3, out);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) restrict(amp) {
    // unrestricted() is cpu code in C++ AMP mode: the host calls it below.
    av[i] = i[0] == 0 ? amp_leading_comma() : i[0] == 1 ? both_spaced()
                                                        : amp_trailing_comma();
  });
  av.synchronize();
  Holder h;
  int failures = 0;
  if (out[0] != 3 || out[1] != 5 || out[2] != 2) {
    std::printf("kernel: %d %d %d\n", out[0], out[1], out[2]);
    ++failures;
  }
  if (unrestricted() != 1 || cpu_many_commas() != 4 || both_spaced() != 5 ||
      h.get() != 6 || h.get_const() != 7) {
    std::printf("host: %d %d %d %d %d\n", unrestricted(), cpu_many_commas(),
                both_spaced(), h.get(), h.get_const());
    ++failures;
  }
  return failures;
}
