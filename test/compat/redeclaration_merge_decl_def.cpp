// A function declared without annotation and defined with one (or the
// reverse) is one function, as in the original hcc: the declaration is a
// forward declaration of the definition, whatever the spelling, and the
// function gets the union of the restrictions (amp with none or cpu is
// amp-and-cpu). Host code and kernels call the same body.

// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -std=c++amp %s -o %t.amp && %t.amp

#include <hc.hpp>
#include <cstdio>

int plain_then_hc(int x);
int plain_then_hc(int x) [[hc]] { return x + 1; }

int plain_then_both(int x);
int plain_then_both(int x) [[hc, cpu]] { return x + 2; }

int plain_then_gnu(int x);
int plain_then_gnu(int x) __attribute__((hc)) { return x + 3; }

int plain_then_amp(int x);
int plain_then_amp(int x) __attribute__((amp)) { return x + 4; }

int plain_then_restrict(int x);
int plain_then_restrict(int x) restrict(amp) { return x + 5; }

int hc_then_plain(int x) [[hc]];
int hc_then_plain(int x) { return x + 6; }

int cpu_then_plain(int x) [[cpu]];
int cpu_then_plain(int x) { return x + 7; }

int plain_then_cpu(int x);
int plain_then_cpu(int x) [[cpu]] { return x + 8; }

// Declared twice more after the definition, with and without annotation.
int hc_redeclared(int x) [[hc]] { return x + 9; }
int hc_redeclared(int x);
int hc_redeclared(int x) [[hc]];

struct Widget {
  int value;
  int get() const;             // defined below with [[hc]]
  int twice() const [[hc]];    // defined below without annotation
  static int id(int x);        // defined below with restrict(amp, cpu)
};
int Widget::get() const [[hc]] { return value; }
int Widget::twice() const { return 2 * value; }
int Widget::id(int x) restrict(amp, cpu) { return x; }

template <class T> T add_one(T x);
template <class T> T add_one(T x) [[hc]] { return x + 1; }

int main() {
  constexpr int N = 9;
  int out[N] = {};
  hc::array_view<int, 1> av(N, out);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    Widget w{10 * i};
    int r = 0;
    switch (i) {
    case 0: r = plain_then_hc(0); break;
    case 1: r = plain_then_both(0); break;
    case 2: r = plain_then_gnu(0); break;
    case 3: r = plain_then_amp(0); break;
    case 4: r = plain_then_restrict(0); break;
    case 5: r = hc_then_plain(0); break;
    case 6: r = hc_redeclared(0) + add_one(-1); break;
    case 7: r = w.get() + w.twice() + Widget::id(1); break;
    default: r = add_one(41); break;
    }
    av[idx] = r;
  });
  av.synchronize();

  const int expected[N] = {1, 2, 3, 4, 5, 6, 9, 211, 42};
  int failures = 0;
  for (int i = 0; i < N; ++i)
    if (out[i] != expected[i]) {
      std::printf("kernel case %d: %d, expected %d\n", i, out[i], expected[i]);
      ++failures;
    }
  Widget w{3};
  int host[] = {plain_then_hc(0),  plain_then_both(0), plain_then_gnu(0),
                plain_then_amp(0), plain_then_restrict(0), hc_then_plain(0),
                cpu_then_plain(0), plain_then_cpu(0), hc_redeclared(0),
                w.get() + w.twice() + Widget::id(1), add_one(41)};
  const int host_expected[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 42};
  for (int i = 0; i < 11; ++i)
    if (host[i] != host_expected[i]) {
      std::printf("host case %d: %d, expected %d\n", i, host[i],
                  host_expected[i]);
      ++failures;
    }
  return failures;
}
