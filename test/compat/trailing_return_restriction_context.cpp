// A call in the trailing return type of an amp or cpu function resolves as
// in code of that restriction, as in the original hcc: with f overloaded
// on restriction (different return types), `auto g() [[hc]] ->
// decltype(f())` has f's amp return type and `auto h() [[cpu]] ->
// decltype(f())` its cpu one, in both passes.

// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -std=c++amp -fsyntax-only %s

#include <hc.hpp>
#include <type_traits>

struct CpuResult { int v; };
struct AmpResult { int v; };
CpuResult f() [[cpu]] { return {1}; }
AmpResult f() [[hc]] { return {2}; }

auto amp_side() [[hc]] -> decltype(f());
auto cpu_side() [[cpu]] -> decltype(f());
auto amp_restrict() restrict(amp) -> decltype(f()) { return {3}; }

static_assert(std::is_same<decltype(amp_side()), AmpResult>::value,
              "amp function: amp overload");
static_assert(std::is_same<decltype(cpu_side()), CpuResult>::value,
              "cpu function: cpu overload");
static_assert(std::is_same<decltype(amp_restrict()), AmpResult>::value,
              "restrict(amp) function: amp overload");

auto amp_side() [[hc]] -> decltype(f()) { return {4}; }
auto cpu_side() [[cpu]] -> decltype(f()) { return f(); }

int use_in_amp() [[hc]] {
  AmpResult r = amp_side();
  return r.v + amp_restrict().v;
}

int main() {
  int out[1] = {};
  hc::array_view<int, 1> av(1, out);
  hc::parallel_for_each(av.get_extent(),
                        [=](hc::index<1> i) [[hc]] { av[i] = use_in_amp(); });
  av.synchronize();
  return out[0] == 7 && cpu_side().v == 1 ? 0 : 1;
}
