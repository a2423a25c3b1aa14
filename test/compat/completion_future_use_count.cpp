// RUN: %hcc -hc %s -o %t && %t
// completion_future::get_use_count() counts as hcc's did: the futures that
// share the operation, plus one while the runtime holds it (the queue keeps
// its last command, also after it finished).
#include <hc.hpp>

#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static int by_value(hc::completion_future f) { return f.get_use_count(); }

int main() {
  hc::completion_future empty;
  CHECK(empty.get_use_count() == 0);
  hc::array<int, 1> table(64);
  hc::completion_future f = hc::parallel_for_each(
      hc::extent<1>(64), [&](hc::index<1> i) [[hc]] { table[i] = i[0]; });
  CHECK(f.get_use_count() == 2);
  CHECK(by_value(f) == 3);
  {
    hc::completion_future copy = f;
    CHECK(f.get_use_count() == 3);
    hc::completion_future moved = std::move(copy);
    CHECK(f.get_use_count() == 3);
  }
  CHECK(f.get_use_count() == 2);
  f.wait();
  CHECK(f.get_use_count() == 2);
  return 0;
}
