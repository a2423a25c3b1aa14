// RUN: %hcc -hc %s -o %t && %t
// accelerator::memcpy_symbol by name and by address
// (get_symbol_address / GET_SYMBOL_ADDRESS): a global variable that
// kernels use is filled before a kernel reads it and read back after one
// writes it; an unknown name is a runtime_exception.
#include <hc.hpp>

#include <cstdio>
#include <cstring>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

[[hc]] int coefficients[8];
int counters[4];

int main() {
  hc::accelerator acc;
  int in[8] = {8, 7, 6, 5, 4, 3, 2, 1};
  acc.memcpy_symbol("coefficients", in, sizeof in);
  hc::array_view<int, 1> out(8);
  hc::parallel_for_each(hc::extent<1>(8), [=](hc::index<1> i) [[hc]] {
    out[i] = coefficients[i[0]] * 10;
    if (i[0] < 4)
      counters[i[0]] = i[0] + 100;
  }).wait();
  for (int i = 0; i < 8; ++i)
    CHECK(out[i] == in[i] * 10);

  void *address = GET_SYMBOL_ADDRESS(acc, counters);
  CHECK(address != nullptr);
  CHECK(address == acc.get_symbol_address("counters"));
  int back[2] = {0, 0};
  // Two counters from offset 8 bytes: counters[2] and counters[3].
  acc.memcpy_symbol(address, back, sizeof back, 2 * sizeof(int),
                    hc::hcMemcpyDeviceToHost);
  CHECK(back[0] == 102 && back[1] == 103);
  acc.memcpy_symbol("coefficients", back, sizeof back, 6 * sizeof(int),
                    hc::hcMemcpyDeviceToHost);
  CHECK(back[0] == 2 && back[1] == 1);

  CHECK(acc.get_symbol_address("no_such_variable") == nullptr);
  bool threw = false;
  try {
    acc.memcpy_symbol("no_such_variable", back, sizeof back);
  } catch (const hc::runtime_exception &e) {
    threw = std::strstr(e.what(), "no_such_variable") != nullptr;
  }
  CHECK(threw);
  return 0;
}
