// RUN: %hcc -hc %s -o %t && %t
//
// A kernel that captures an hc::array by reference uses the array as it
// was when the kernel was launched, as hcc's did: the object may move or
// be destroyed before the kernel runs. Here the arrays live in a
// std::vector that grows (moving them) right after each asynchronous
// launch that refers to its last element.
#include <hc.hpp>

#include <cstdio>
#include <vector>

int main() {
  const int n = 1 << 16, launches = 12;
  std::vector<hc::array<int, 1>> arrays;
  std::vector<hc::completion_future> done;
  for (int k = 0; k < launches; ++k) {
    arrays.push_back(hc::array<int, 1>(n));
    hc::array<int, 1> &a = arrays.back();
    done.push_back(hc::parallel_for_each(hc::extent<1>(n),
                                         [&a, k](hc::index<1> i) [[hc]] {
      a[i] = i[0] + k;
    }));
  }
  for (auto &f : done)
    f.wait();
  int failures = 0;
  for (int k = 0; k < launches; ++k) {
    std::vector<int> got = arrays[k];
    for (int i = 0; i < n; ++i)
      if (got[i] != i + k && failures++ < 10)
        std::printf("FAIL array %d element %d: %d, expected %d\n", k, i,
                    got[i], i + k);
  }
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
