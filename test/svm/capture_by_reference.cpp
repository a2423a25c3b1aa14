// Host objects captured by reference [&] (hcc's wiki page "HSA Features":
// "Since 0.5.0, it's also possible to capture host objects by reference"):
// stack arrays, hc::array objects, malloc/new memory, a std::vector's data, and
// global variables (external, static, static members, function-local statics)
// used directly in kernels. No array_view, no copy call.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: stack arrays: ok
// CHECK: hc::array by reference: ok
// CHECK: malloc and new: ok
// CHECK: globals: ok
// CHECK: second launch: ok

#include <hc.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int n = 4096;

int global_table[n];
static int static_table[n];
struct counters {
  static long long member_table[n];
};
long long counters::member_table[n];

static int *function_local_table() {
  static int table[n];
  return table;
}

static bool check(const char *what, bool ok) {
  std::printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  return ok;
}

int main() {
  bool ok = true;
  hc::extent<1> e(n);

  {
    int table_a[n], table_b[n], table_c[n];
    for (int i = 0; i < n; ++i) {
      table_a[i] = i;
      table_b[i] = 2 * i;
    }
    hc::parallel_for_each(e, [&](hc::index<1> idx) [[hc]] {
      table_c[idx[0]] = table_a[idx[0]] + table_b[idx[0]];
    }).wait();
    bool good = true;
    for (int i = 0; i < n; ++i)
      good &= table_c[i] == 3 * i;
    ok &= check("stack arrays", good);
  }

  {
    // hcc's pattern: the array object itself captured by reference.
    hc::array<int, 1> table(e);
    hc::parallel_for_each(e, [&](hc::index<1> &idx) [[hc]] {
      table[idx] = idx[0] * 5;
    }).wait();
    std::vector<int> out = table;
    bool good = true;
    for (int i = 0; i < n; ++i)
      good &= out[i] == 5 * i;
    ok &= check("hc::array by reference", good);
  }

  {
    float *small = static_cast<float *>(std::malloc(n * sizeof(float)));
    double *big = new double[1 << 20]; // above malloc's mmap threshold
    std::vector<int> vec(n, 7);
    int *vec_data = vec.data();
    for (int i = 0; i < n; ++i)
      small[i] = 0.5f * i;
    hc::parallel_for_each(e, [&](hc::index<1> idx) [[hc]] {
      int i = idx[0];
      big[i * 256] = small[i] * 2 + vec_data[i];
      small[i] = -small[i];
    }).wait();
    bool good = true;
    for (int i = 0; i < n; ++i)
      good &= big[i * 256] == i + 7.0 && small[i] == -0.5f * i;
    ok &= check("malloc and new", good);
    std::free(small);
    delete[] big;
  }

  {
    int *local_static = function_local_table();
    hc::parallel_for_each(e, [=](hc::index<1> idx) [[hc]] {
      int i = idx[0];
      global_table[i] = i + 1;
      static_table[i] = global_table[i] * 2;
      counters::member_table[i] = static_cast<long long>(i) << 33;
      local_static[i] = -i;
    }).wait();
    bool good = true;
    for (int i = 0; i < n; ++i)
      good &= global_table[i] == i + 1 && static_table[i] == 2 * (i + 1) &&
              counters::member_table[i] == (static_cast<long long>(i) << 33) &&
              local_static[i] == -i;
    ok &= check("globals", good);
  }

  {
    // The same memory again: registrations are reused, values are current.
    for (int i = 0; i < n; ++i)
      global_table[i] = 10 * i;
    hc::parallel_for_each(e, [=](hc::index<1> idx) [[hc]] {
      global_table[idx[0]] += 1;
    }).wait();
    bool good = true;
    for (int i = 0; i < n; ++i)
      good &= global_table[i] == 10 * i + 1;
    ok &= check("second launch", good);
  }
  return ok ? 0 : 1;
}
