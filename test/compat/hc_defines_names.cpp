// RUN: %hcc -hc %s -o %t && %t
// <hc.hpp> makes visible what hcc's <hc_defines.h> did: the C and C++
// library names hc code uses without including them (assert, memcpy,
// va_list, malloc, INT_MAX, std::map, std::thread...), hc::half, auto_voidp and the
// CLK_* flags; and `using namespace hc;` leaves `index<1>` unambiguous
// although <cstring> is included.
#include <hc.hpp>

using namespace hc;

static int sum(int n, ...) {
  va_list args;
  va_start(args, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(args, int);
  va_end(args);
  return s;
}

int main() {
  char buffer[8];
  std::memcpy(buffer, "hc", 3);
  assert(std::strlen(buffer) == 2);
  void *raw = std::malloc(16);
  int *ints = auto_voidp(raw); // converts to any object pointer
  ints[0] = 7;
  std::map<int, int> m{{1, 2}};
  std::set<int> s{3};
  std::vector<int> v{4};
  int from_thread = 0;
  std::thread t([&] { from_thread = 5; });
  t.join();
  std::future<int> f = std::async(std::launch::async, [] { return 6; });
  half h = 1.5f;
  index<1> i(3); // hc::index, not glibc's index()
  extent<1> e(4);
  int checks = (sum(3, 1, 2, 3) == 6) + (ints[0] == 7) + (m[1] == 2) +
               (s.count(3) == 1) + (v[0] == 4) + (from_thread == 5) +
               (f.get() == 6) + (static_cast<float>(h) == 1.5f) +
               (i[0] == 3) + (e[0] == 4) +
               (CLK_LOCAL_MEM_FENCE == 1 && CLK_GLOBAL_MEM_FENCE == 2) +
               (TLS_QUEUE == 1) + (INT_MAX == 2147483647 && CHAR_BIT == 8);
  std::free(raw);
  if (checks != 13) {
    std::printf("FAILED: %d of 13 checks passed\n", checks);
    return 1;
  }
  return 0;
}
