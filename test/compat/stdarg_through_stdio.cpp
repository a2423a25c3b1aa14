// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -std=c++amp %s -o %t.amp && %t.amp
//
// va_start, va_arg and va_end with no more than <stdio.h> included: hcc's
// Clang defined the <stdarg.h> macros wherever <stdarg.h> was included,
// also from glibc's <stdio.h>, which asks it only for va_list (hcc's
// libraries format their messages this way). hcc code compiles unchanged.
#include <stdio.h>

static int sum(int count, ...) {
  va_list args;
  va_start(args, count);
  int total = 0;
  for (int i = 0; i < count; ++i)
    total += va_arg(args, int);
  va_end(args);
  return total;
}

static void format(char *out, const char *fmt, ...) {
  va_list args, copy;
  va_start(args, fmt);
  va_copy(copy, args);
  vsprintf(out, fmt, copy);
  va_end(copy);
  va_end(args);
}

int main() {
  char text[64];
  format(text, "%d-%s", 7, "seven");
  int ok = sum(3, 1, 2, 3) == 6 && text[0] == '7' && text[2] == 's';
  printf(ok ? "ok\n" : "failed\n");
  return ok ? 0 : 1;
}
