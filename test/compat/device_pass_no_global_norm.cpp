// The device pass brings in Clang's CUDA/HIP math headers, whose norm(int,
// const double *) is no C or C++ function. It must not be a global name in
// device code: a program's own class norm (or hc's, after `using namespace
// hc`) would be hidden by it there only.

// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -hc --offload-arch=gfx90a -fsyntax-only %s

#include <hc.hpp>

class unorm;
class norm {
  float f;
public:
  norm(const unorm &other) [[cpu, hc]];
  float get() const [[cpu, hc]] { return f; }
};
class unorm {
public:
  float f;
  unorm(float x) [[cpu, hc]] : f(x) {}
  unorm(const norm &other) [[cpu, hc]] : f(other.get()) {}
};
norm::norm(const unorm &other) [[cpu, hc]] : f(other.f) {}

int main() {
  float out[2] = {};
  hc::array_view<float, 1> av(2, out);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) [[hc]] {
    norm n(unorm(0.5f));
    av[i] = n.get();
  });
  av.synchronize();
  return out[0] == 0.5f && out[1] == 0.5f ? 0 : 1;
}
