// Every spelling and position of hcc's attributes compiles without a
// diagnostic, in both passes: GNU and C++11 spellings, before a declaration,
// after a parameter list (where C++ puts attributes of the function type),
// after qualifiers, on lambdas with and without specifiers.

// RUN: %hcc -fsyntax-only -std=c++20 -Wall -Wextra -Werror --offload-arch=sm_90 %s
// The device pass on its own with warnings on (hcc runs it with -w):
// RUN: %clangxx -x cuda --cuda-device-only --offload-arch=sm_90 -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -fplugin=%hcc_clang_plugin -std=c++20 -Wall -Wextra -Werror -fsyntax-only %s

[[hc]] void decl_hc();
void decl_hc() [[hc]];
void gnu_after_params() __attribute__((hc)) {}
__attribute__((hc)) void gnu_before() {}
void foo() [[hc]] { }
[[cpu]] int cpu_before(int x) { return x; }
int cpu_after(int x) [[cpu]] { return x; }
int both(int x) [[hc, cpu]] { return x; }
int both_reversed(int x) [[cpu, hc]] { return x; }
[[hc, cpu]] int both_before(int x) { return x; }
int gnu_both(int x) __attribute__((hc, cpu)) { return x; }
int underscores(int x) [[__hc__]] { return x; }
int spaced(int x) [ [ hc ] ] { return x; }
int split(int x) [[hc,
                   cpu]] { return x; }
auto trailing(int x) [[hc]] -> int { return x; }
#define HC_ATTR [[hc]]
int through_macro() HC_ATTR { return 1; }

int main() {
  auto l1 = [=](int i) __attribute__((hc)) { return i; };
  auto l2 = [=](int i) [[hc]] { return i; };
  auto l3 = [=](int i) mutable [[hc]] { return i; };
  auto l4 = [=](int i) [[hc]] -> int { return i; };
  auto l5 = [](auto i) [[hc]] { return i; };
  auto l6 = [=](int i) noexcept [[cpu]] { return i; };
  auto l7 = [=] [[hc]] (int i) { return i; };
  auto l8 = [=](int i) constexpr [[hc]] { return i; };
  auto l9 = []<class T>(T t) mutable noexcept [[hc]] -> T { return t; };
  auto l10 = [=](int i) [[hc, cpu]] { return i; };
  auto l11 = [=](int i)
      mutable
      [[hc]] { return i; };
  // Only attribute-specifiers are rewritten: not this "[[hc]]", nor [[hc]]
  // in a comment.
  static_assert(sizeof("[[hc]]") == 7, "string literal left alone");
  return l1(1) + l2(2) + l3(3) + l4(4) + l5(5) + l6(6) + l7(7) + l8(8) +
         l9(9) + l10(10) + l11(11) + cpu_before(1) + cpu_after(2) + both(3) +
         both_reversed(4) + both_before(5) + gnu_both(6) + underscores(7) +
         spaced(8) + split(9) + trailing(10) + through_macro();
}
