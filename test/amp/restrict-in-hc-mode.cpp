// restrict(amp) and restrict(cpu) are rewritten in hc mode too, as the
// original hcc accepted them there (hc code mixes both spellings). An
// ordinary identifier named restrict stays an identifier in both modes.

// RUN: %hcc -fsyntax-only -Werror %s
// RUN: %hcc -std=c++amp -fsyntax-only -Werror %s
// RUN: %hcc -hc %s -o %t && %t

#include <hc.hpp>

int twice(int x) restrict(amp, cpu) { return 2 * x; }
int host_only(int x) restrict(cpu) { return x + 1; }

int restrict_count(int restrict_) { return restrict_; }
struct S {
  int restrict;
  int get() { return restrict; }
};

int main() {
  int out[4] = {0};
  hc::array_view<int, 1> av(4, out);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) restrict(amp) {
    av[i] = twice(i[0]);
  });
  av.synchronize();
  S s{5};
  int bad = 0;
  for (int i = 0; i < 4; ++i)
    bad += out[i] != 2 * i;
  bad += host_only(1) != 2 || s.get() != 5 || restrict_count(3) != 3;
  return bad;
}
