// CUDA twin of blackscholes.cpp: the same pricing formulas with logf,
// sqrtf, expf and the same cumulative-normal polynomial, one option per
// thread. Keep the two in step.
//
// Launch: grid (ceil(n / 256)), block (256).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 blackscholes.cu

namespace {

constexpr float RATE = 0.02f, VOLATILITY = 0.30f;

__device__ float cnd(float d) {
  const float k = 1.0f / (1.0f + 0.2316419f * (d < 0 ? -d : d));
  const float poly =
      k * (0.319381530f +
           k * (-0.356563782f +
                k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f))));
  const float tail = 0.3989422804014327f * expf(-0.5f * d * d) * poly;
  return d > 0 ? 1.0f - tail : tail;
}

} // namespace

extern "C" __global__ void black_scholes(int n, const float *spot,
                                         const float *strike,
                                         const float *years, float *call,
                                         float *put) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float s = spot[i], x = strike[i], t = years[i];
  const float sqrt_t = sqrtf(t);
  const float d1 = (logf(s / x) + (RATE + 0.5f * VOLATILITY * VOLATILITY) * t) /
                   (VOLATILITY * sqrt_t);
  const float d2 = d1 - VOLATILITY * sqrt_t;
  const float discounted = x * expf(-RATE * t);
  call[i] = s * cnd(d1) - discounted * cnd(d2);
  put[i] = discounted * cnd(-d2) - s * cnd(-d1);
}
