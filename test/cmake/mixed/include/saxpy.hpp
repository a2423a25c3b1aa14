// Plain C++ interface between the sources of the project's compiler and
// the ones hcc compiles.
#pragma once
#include <vector>

// y = SAXPY_SCALE * a * x + y on the default accelerator.
void saxpy(float a, const std::vector<float> &x, std::vector<float> &y);
// Sum of 0..n-1 squared, computed by a kernel.
long long sum_of_squares(int n);
