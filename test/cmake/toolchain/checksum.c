/* C, compiled by hcc as C. */
#ifdef __cplusplus
#error "checksum.c must be compiled as C"
#endif
unsigned checksum(const float *v, unsigned n) {
  unsigned sum = 0;
  for (unsigned i = 0; i < n; ++i)
    sum = sum * 31u + (unsigned)v[i];
  return sum;
}
