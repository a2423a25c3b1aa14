#pragma once
#include <vector>
void scale(std::vector<float> &v, float factor);   // libscale.a
double reduce_sum(const std::vector<float> &v);     // libreduce.so
extern "C" unsigned checksum(const float *v, unsigned n);  // checksum.c
