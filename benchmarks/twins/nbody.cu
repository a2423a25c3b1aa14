// CUDA twin of nbody.cpp: the same all-pairs step, 256 bodies staged per
// block in shared memory, rsqrtf for 1/r. Keep the two in step.
//
// Launch: grid (n / 256), block (256); n is a multiple of 256.
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 nbody.cu

namespace {

constexpr int TILE = 256;
constexpr float SOFTENING2 = 0.01f;
constexpr float DT = 0.001f;

} // namespace

extern "C" __global__ void nbody_step(int n, const float4 *pos,
                                      const float4 *vel, float4 *pos_out,
                                      float4 *vel_out) {
  __shared__ float4 staged[TILE];
  const int i = blockIdx.x * TILE + threadIdx.x;
  const float4 me = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += TILE) {
    staged[threadIdx.x] = pos[base + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < TILE; ++j) {
      const float4 other = staged[j];
      const float dx = other.x - me.x;
      const float dy = other.y - me.y;
      const float dz = other.z - me.z;
      const float r2 = dx * dx + dy * dy + dz * dz + SOFTENING2;
      const float inv = rsqrtf(r2);
      const float s = other.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  const float4 v = vel[i];
  const float vx = v.x + ax * DT, vy = v.y + ay * DT, vz = v.z + az * DT;
  vel_out[i] = make_float4(vx, vy, vz, 0.0f);
  pos_out[i] =
      make_float4(me.x + vx * DT, me.y + vy * DT, me.z + vz * DT, me.w);
}
