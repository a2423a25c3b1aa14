// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// refresh() on an array_view without a data source keeps what kernels wrote:
// its memory belongs to the runtime, nothing changed it behind the view. The
// kernels run on two views of one accelerator, and a third reads the data
// after the refresh.
#include <amp.h>
#include <cstdio>

using namespace concurrency;

int main() {
  const int n = 256;
  accelerator acc;
  accelerator_view first = acc.get_default_view(), second = acc.create_view();
  array_view<int, 1> data(n);
  data.refresh();
  parallel_for_each(first, data.get_extent(),
                    [=](index<1> i) restrict(amp) { data[i] = i[0]; });
  parallel_for_each(second, data.get_extent(),
                    [=](index<1> i) restrict(amp) { data[i] += 10; });
  data.refresh();
  int wrong = 0;
  array_view<int, 1> count(1, &wrong);
  parallel_for_each(data.get_extent(), [=](index<1> i) restrict(amp) {
    if (data[i] != i[0] + 10)
      atomic_fetch_inc(&count[0]);
  });
  count.synchronize();
  // CHECK: wrong elements: 0, last 265
  std::printf("wrong elements: %d, last %d\n", wrong, data[n - 1]);
  return wrong;
}
