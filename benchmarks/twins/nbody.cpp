// All-pairs N-body, one step: every body sums the gravity of all bodies,
// which each tile stages 256 at a time in tile_static memory; then
// v += a dt, p += v dt. Twin: nbody.cu.
//
//   twin.nbody.gflops   20 flops per interaction (the usual count:
//                       3 sub, 3 mul + 2 fma for r^2, rsqrt, 2 mul for
//                       1/r^3, 1 mul by the mass, 3 fma), n^2 interactions
//                       per step / median time of one step
//
// Positions are float4 (x, y, z, mass). Both sides are checked against a
// double-precision CPU sum on a sample of bodies, and against each other.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

#include <hc_short_vector.hpp>

#include <cmath>

namespace {

using hc::short_vector::float_4;

constexpr int TILE = 256;
constexpr float SOFTENING2 = 0.01f; // keeps close pairs finite
constexpr float DT = 0.001f;

// One step, from (pos, vel) into (pos_out, vel_out).
void step(const hc::accelerator_view &view, const hc::array<float_4, 1> &pos,
          const hc::array<float_4, 1> &vel, hc::array<float_4, 1> &pos_out,
          hc::array<float_4, 1> &vel_out) {
  const int n = pos.get_extent()[0];
  hc::parallel_for_each(
      view, pos.get_extent().tile(TILE),
      [&pos, &vel, &pos_out, &vel_out, n](hc::tiled_index<1> t) [[hc]] {
        tile_static float_4 staged[TILE];
        const int i = t.global[0];
        const float_4 me = pos[i];
        float ax = 0.0f, ay = 0.0f, az = 0.0f;
        for (int base = 0; base < n; base += TILE) {
          const float_4 b = pos[base + t.local[0]];
          staged[t.local[0]] = b;
          t.barrier.wait();
          for (int j = 0; j < TILE; ++j) {
            const float_4 other = staged[j];
            const float dx = other.get_x() - me.get_x();
            const float dy = other.get_y() - me.get_y();
            const float dz = other.get_z() - me.get_z();
            const float r2 = dx * dx + dy * dy + dz * dz + SOFTENING2;
            const float inv = hc::fast_math::rsqrtf(r2);
            const float s = other.get_w() * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
          }
          t.barrier.wait();
        }
        const float_4 v = vel[i];
        const float vx = v.get_x() + ax * DT, vy = v.get_y() + ay * DT,
                    vz = v.get_z() + az * DT;
        vel_out[i] = float_4(vx, vy, vz, 0.0f);
        pos_out[i] = float_4(me.get_x() + vx * DT, me.get_y() + vy * DT,
                             me.get_z() + vz * DT, me.get_w());
      })
      .wait();
}

// The new velocity of body i, in double precision on the CPU.
std::vector<double> cpu_velocity(const std::vector<float_4> &pos,
                                 const std::vector<float_4> &vel,
                                 std::size_t i) {
  double a[3] = {0, 0, 0};
  for (const float_4 &o : pos) {
    const double d[3] = {double(o.get_x()) - pos[i].get_x(),
                         double(o.get_y()) - pos[i].get_y(),
                         double(o.get_z()) - pos[i].get_z()};
    const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + SOFTENING2;
    const double s = o.get_w() / (r2 * std::sqrt(r2));
    for (int k = 0; k < 3; ++k)
      a[k] += d[k] * s;
  }
  return {vel[i].get_x() + a[0] * DT, vel[i].get_y() + a[1] * DT,
          vel[i].get_z() + a[2] * DT};
}

// The velocities as flat x, y, z triples, for the comparisons.
std::vector<float> xyz(const std::vector<float_4> &v) {
  std::vector<float> flat;
  for (const float_4 &e : v) {
    flat.push_back(e.get_x());
    flat.push_back(e.get_y());
    flat.push_back(e.get_z());
  }
  return flat;
}

int run(twin::harness &h) {
  // Whole tiles: the kernels stage TILE bodies at a time.
  const long asked = h.size(65536, 1024);
  int n = static_cast<int>((asked + TILE - 1) / TILE * TILE);
  bench::note("%d bodies, one step, tiles of %d, median of %d steps", n, TILE,
              h.reps());

  // A uniform ball of radius 1, masses around 1/n, at rest but for a small
  // random velocity.
  twin::random rng(1);
  std::vector<float_4> hpos(n), hvel(n);
  for (int i = 0; i < n; ++i) {
    float x, y, z;
    do {
      x = rng.uniform(-1, 1), y = rng.uniform(-1, 1), z = rng.uniform(-1, 1);
    } while (x * x + y * y + z * z > 1);
    hpos[i] = float_4(x, y, z, rng.uniform(0.5f, 1.5f) / n);
    hvel[i] = float_4(rng.uniform(-0.01f, 0.01f), rng.uniform(-0.01f, 0.01f),
                      rng.uniform(-0.01f, 0.01f), 0.0f);
  }

  hc::accelerator_view view = h.view();
  hc::array<float_4, 1> pos(n, hpos.begin(), view), vel(n, hvel.begin(), view),
      pos_out(n, view), vel_out(n, view);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rpos = 0, rvel = 0, rpos_out = 0, rvel_out = 0;
  if (ref) {
    kernel = ref->function("nbody_step");
    rpos = h.upload(hpos);
    rvel = h.upload(hvel);
    rpos_out = h.alloc<float_4>(n);
    rvel_out = h.alloc<float_4>(n);
  }
  void *params[] = {&n, &rpos, &rvel, &rpos_out, &rvel_out};

  h.time([&] { step(view, pos, vel, pos_out, vel_out); },
         [&] { ref->launch(kernel, n / TILE, 1, TILE, 1, params); });

  // Each step starts from the same state, so every run wrote the same
  // result; check the velocities (positions follow from them).
  std::vector<float_4> ours(n);
  hc::copy(vel_out, ours.begin());
  const std::vector<std::size_t> at = twin::sample(n, 64);
  std::vector<double> want;
  for (std::size_t i : at)
    for (double c : cpu_velocity(hpos, hvel, i))
      want.push_back(c);
  // Velocities are about 0.01 and a step changes them by a few 0.001: an
  // error of 1e-6 (1e-4 of the 0.01 floor) leaves room for float sums of n
  // terms and the approximate rsqrt, and catches a wrong interaction.
  const std::vector<float> ours_xyz = xyz(ours);
  std::vector<float> ours_at;
  for (std::size_t i : at)
    for (int k = 0; k < 3; ++k)
      ours_at.push_back(ours_xyz[3 * i + k]);
  twin::expect_close("ours against the CPU", ours_at, want, 1e-4, 0.01);
  if (ref) {
    std::vector<float_4> theirs = h.download<float_4>(rvel_out, n);
    twin::expect_close("ref against ours", xyz(theirs), ours_xyz, 1e-4, 0.01);
  }

  h.report("twin.nbody.gflops", 20.0 * n * n, 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "nbody", "[--size BODIES]", run);
}
