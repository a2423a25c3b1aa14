/* Valid C, invalid C++ ("new" is a keyword there): proves that hcc compiles
 * .c files as C. */
int plain_c_function(void) {
  int new = 41;
  return new + 1;
}
