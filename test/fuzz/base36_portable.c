/*
 * base36_portable.c: src/core/base36.c built a second time with its fallback
 * for compilers without a 128-bit integer type, under other names, so the
 * fuzz harness can compare both builds in one process.
 */
#define BASE36_PORTABLE 1
#define base36_encode base36_encode_portable
#define base36_decode base36_decode_portable
#include "../../src/core/base36.c"
