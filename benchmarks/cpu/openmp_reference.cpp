// OpenMP side of the CPU benchmarks (openmp_reference.h). Compiled by the
// system C++ compiler with -O3 -march=native -fopenmp, not by hcc.
#include "openmp_reference.h"

#include <cmath>

#include <omp.h>

int omp_ref_threads(void) { return omp_get_max_threads(); }

// Each thread's store keeps the compiler from deleting the region.
static volatile int omp_ref_region_sink;

void omp_ref_empty_region(void) {
#pragma omp parallel
  omp_ref_region_sink = omp_get_thread_num();
}

void omp_ref_saxpy(long n, float a, const float *x, float *y) {
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void omp_ref_triad(long n, float s, float *a, const float *b, const float *c) {
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

void omp_ref_stencil2d(int rows, int cols, const float *in, float *out) {
#pragma omp parallel for schedule(static)
  for (int y = 0; y < rows; ++y) {
    const float *row = in + (long)y * cols;
    float *o = out + (long)y * cols;
    if (y == 0 || y == rows - 1) {
      for (int x = 0; x < cols; ++x)
        o[x] = row[x];
      continue;
    }
    o[0] = row[0];
    o[cols - 1] = row[cols - 1];
#pragma omp simd
    for (int x = 1; x < cols - 1; ++x)
      o[x] = 0.6f * row[x] +
             0.1f * (row[x - cols] + row[x + cols] + row[x - 1] + row[x + 1]);
  }
}

void omp_ref_tile_sums(long n, int tile, const float *in, float *partial) {
  const long tiles = n / tile;
#pragma omp parallel for schedule(static)
  for (long t = 0; t < tiles; ++t) {
    float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
    for (int i = 0; i < tile; ++i)
      sum += in[t * tile + i];
    partial[t] = sum;
  }
}

void omp_ref_histogram(long n, int nbins, const float *x, unsigned *bins) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    const int b = static_cast<int>(x[i] * nbins);
#pragma omp atomic
    ++bins[b];
  }
}

void omp_ref_matmul(int n, const float *a, const float *b, float *c) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    float *row = c + static_cast<long>(i) * n;
    for (int j = 0; j < n; ++j)
      row[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float aik = a[static_cast<long>(i) * n + k];
      const float *brow = b + static_cast<long>(k) * n;
#pragma omp simd
      for (int j = 0; j < n; ++j)
        row[j] += aik * brow[j];
    }
  }
}

void omp_ref_nbody(int n, float eps2, const float *pos, float *acc) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    const float xi = pos[4 * i], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
#pragma omp simd reduction(+ : ax, ay, az)
    for (int j = 0; j < n; ++j) {
      const float dx = pos[4 * j] - xi, dy = pos[4 * j + 1] - yi,
                  dz = pos[4 * j + 2] - zi;
      const float r2 = dx * dx + dy * dy + dz * dz + eps2;
      const float inv = 1.0f / std::sqrt(r2);
      const float s = pos[4 * j + 3] * inv * inv * inv;
      ax += s * dx;
      ay += s * dy;
      az += s * dz;
    }
    acc[3 * i] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
}
