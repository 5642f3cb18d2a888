/*
 * C baseline for the layout-core benchmark: every offset of a zN layout, plain loops.
 *
 *   MakeLayout<half, zN>(rows, cols):
 *     shape  ((16, CeilDiv(rows, 16)), (C0, CeilDiv(cols, C0)))       C0 = 256 / 16 bits = 16
 *     stride ((C0, 256), (1, RoundUp(rows, 16) * C0))
 *   offset(r0, r1, c0, c1) = r0 * C0 + r1 * 256 + c0 * 1 + c1 * RoundUp(rows, 16) * C0
 *
 * The flat index runs colexicographically (r0 fastest, c1 slowest), the order of
 * compileLayout(...).fillOffsets(out) in server/src/core/compile.ts, so both write the
 * same array. Built by bench/run.mjs with `cc -O2`; prints one JSON line.
 *
 *   usage: offsets ROWS COLS REPS [int32|double]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* keeps the compiler from merging or dropping the repeated passes */
#if defined(__GNUC__)
#define BARRIER(p) __asm__ volatile("" : : "r"(p) : "memory")
#else
#define BARRIER(p) ((void)(p))
#endif

int main(int argc, char **argv) {
  const int64_t rows = argc > 1 ? atoll(argv[1]) : 4096;
  const int64_t cols = argc > 2 ? atoll(argv[2]) : 4096;
  const int reps = argc > 3 ? atoi(argv[3]) : 7;
  const int as_double = argc > 4 && strcmp(argv[4], "double") == 0;
  const int64_t C0 = 16, FRAC = 256;
  const int64_t r1n = (rows + 15) / 16, c1n = (cols + C0 - 1) / C0;
  const int64_t s_c1 = ((rows + 15) / 16 * 16) * C0;
  const int64_t size = 16 * r1n * C0 * c1n;

  int32_t *out32 = as_double ? NULL : malloc((size_t)size * sizeof(int32_t));
  double *out64 = as_double ? malloc((size_t)size * sizeof(double)) : NULL;
  if (!out32 && !out64) return 1;
  /* touch every page first, as the JS side reuses an allocated array */
  if (out32) memset(out32, 0, (size_t)size * sizeof(int32_t));
  else memset(out64, 0, (size_t)size * sizeof(double));

  printf("{\"size\":%lld,\"kind\":\"%s\",\"times_ms\":[", (long long)size, as_double ? "double" : "int32");
  for (int rep = 0; rep < reps; rep++) {
    double t0 = now_ms();
    int64_t idx = 0;
    for (int64_t c1 = 0; c1 < c1n; c1++)
      for (int64_t c0 = 0; c0 < C0; c0++)
        for (int64_t r1 = 0; r1 < r1n; r1++)
          for (int64_t r0 = 0; r0 < 16; r0++) {
            int64_t off = r0 * C0 + r1 * FRAC + c0 + c1 * s_c1;
            if (out32) out32[idx++] = (int32_t)off;
            else out64[idx++] = (double)off;
          }
    if (out32) BARRIER(out32); else BARRIER(out64);
    double t1 = now_ms();
    printf("%s%.3f", rep ? "," : "", t1 - t0);
  }
  /* the same checksum as bench/run.mjs computes over the JS array */
  int64_t sum = 0;
  for (int64_t i = 0; i < size; i++) {
    int64_t v = out32 ? (int64_t)out32[i] : (int64_t)out64[i];
    sum = (sum + v * (i % 7 + 1)) % 1000000007;
  }
  printf("],\"checksum\":%lld}\n", (long long)sum);
  free(out32);
  free(out64);
  return 0;
}
