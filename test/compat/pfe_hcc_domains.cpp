// RUN: %hcc -hc %s -o %t && %t
// parallel_for_each as hcc ran it: a kernel may take no index at all; an
// empty domain runs nothing, also tiled with tiles of 0; a tile larger than
// the accelerator allows, or than the domain, throws with hcc's message.
#include <hc.hpp>

#include <cstdio>
#include <string>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static bool throws_with(const char *what, void (*launch)()) {
  try {
    launch();
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    return m.find("The extent of the tile") != std::string::npos &&
           m.find(what) != std::string::npos;
  }
  return false;
}

int main() {
  int ran = 0;
  int *p = &ran;
  hc::parallel_for_each(hc::extent<1>(1), [=]() [[hc]] { *p = 1; }).wait();
  CHECK(ran == 1);

  hc::extent<2> empty(0, 8);
  hc::parallel_for_each(empty, [=](hc::index<2>) [[hc]] { *p = 2; }).wait();
  hc::parallel_for_each(empty.tile(0, 0), [=](hc::tiled_index<2>) [[hc]] {
    *p = 3;
  }).wait();
  CHECK(ran == 1);

  CHECK(throws_with("device limit", [] {
    hc::parallel_for_each(hc::extent<1>(8192).tile(8192),
                          [](hc::tiled_index<1>) [[hc]] {});
  }));
  CHECK(throws_with("compute grid extent", [] {
    hc::parallel_for_each(hc::extent<3>(16, 16, 16).tile(1, 32, 1),
                          [](hc::tiled_index<3>) [[hc]] {});
  }));
  return 0;
}
