// RUN: %hcc %s -o %t && %t
// completion_future validity: default-constructed futures are not valid,
// futures of kernels are; copies refer to the same operation; a moved-from
// future is no longer valid.
#include <hc.hpp>
#include <cstdio>
#include <utility>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::completion_future empty;
  CHECK(!empty.valid());
  empty.wait();  // no operation: returns at once

  std::vector<int> data(128, 0);
  hc::array_view<int, 1> v(128, data);
  hc::completion_future f = hc::parallel_for_each(
      v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] = 7; });
  CHECK(f.valid());

  hc::completion_future copy(f);
  CHECK(copy.valid());
  hc::completion_future assigned;
  assigned = f;
  CHECK(assigned.valid());

  copy.wait();
  CHECK(f.is_ready() && assigned.is_ready());

  hc::completion_future moved(std::move(copy));
  CHECK(moved.valid());
  CHECK(!copy.valid());
  hc::completion_future moved2;
  moved2 = std::move(assigned);
  CHECK(moved2.valid());
  CHECK(!assigned.valid());

  for (int i = 0; i < 128; ++i)
    CHECK(v[i] == 7);
  return 0;
}
