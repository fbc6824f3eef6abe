/*
 * The least a batched step can pay to write its output, on this machine.
 *
 * `VectorEnv` writes every byte of one output per step (players, rewards,
 * done flags, observations and masks: 5,434 bytes a Kaissa game, 3,480 a
 * Chaturaji game), and the caller holds the last output while the next is
 * written, so two outputs take turns. This program does only that: it
 * writes every byte of one of two such buffers per "step", for 256, 1,024
 * and 4,096 games, with plain 32-byte stores, with streaming 32-byte
 * stores, and (for comparison) only reads every byte, and prints the CPU
 * time per game. No game is played: whatever a real step costs on top of
 * this is its computation.
 *
 *     cc -O2 -mavx2 -o /tmp/output-write-floor scripts/output-write-floor.c
 *     /tmp/output-write-floor [ROW_BYTES] [SECONDS]
 *
 * ROW_BYTES: the bytes a game writes per step (default 5434, Kaissa);
 * SECONDS: CPU seconds per figure (default 1). x86-64 with AVX2 only.
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Keeps the reads from being optimised away. */
static volatile uint64_t sink;

/* CPU seconds of this process. */
static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

enum way { PLAIN, STREAMED, READ };

static const char *way_name[] = {"plain stores", "streaming stores", "reads only"};

/* One pass over `len` bytes (a multiple of 64) at `p`, 64-byte aligned. */
static void pass(enum way way, char *p, size_t len, char value) {
    __m256i v = _mm256_set1_epi8(value);
    if (way == PLAIN) {
        for (size_t i = 0; i < len; i += 64) {
            _mm256_store_si256((__m256i *)(p + i), v);
            _mm256_store_si256((__m256i *)(p + i + 32), v);
        }
    } else if (way == STREAMED) {
        for (size_t i = 0; i < len; i += 64) {
            _mm256_stream_si256((__m256i *)(p + i), v);
            _mm256_stream_si256((__m256i *)(p + i + 32), v);
        }
        _mm_sfence();
    } else {
        __m256i sum = _mm256_setzero_si256();
        for (size_t i = 0; i < len; i += 64) {
            sum = _mm256_xor_si256(sum, _mm256_load_si256((const __m256i *)(p + i)));
            sum = _mm256_xor_si256(sum, _mm256_load_si256((const __m256i *)(p + i + 32)));
        }
        sink ^= (uint64_t)_mm256_extract_epi64(sum, 0);
    }
}

int main(int argc, char **argv) {
    long row = argc > 1 ? atol(argv[1]) : 5434;
    double seconds = argc > 2 ? atof(argv[2]) : 1.0;
    if (row < 1 || row > 1 << 20 || !(seconds > 0.0 && seconds <= 60.0)) {
        fprintf(stderr, "usage: %s [ROW_BYTES 1..1048576] [SECONDS (0, 60]]\n", argv[0]);
        return 2;
    }
    static const size_t games[] = {256, 1024, 4096};
    printf("%ld bytes a game, two outputs taking turns, CPU ns per game:\n", row);
    for (int way = PLAIN; way <= READ; way++) {
        for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
            size_t len = (games[g] * (size_t)row + 63) / 64 * 64;
            char *buffers[2];
            for (int b = 0; b < 2; b++) {
                buffers[b] = aligned_alloc(64, len);
                if (buffers[b] == NULL) {
                    fprintf(stderr, "cannot allocate %zu bytes\n", len);
                    return 1;
                }
                memset(buffers[b], 0, len);
            }
            long steps = 0;
            double start = cpu_seconds(), spent;
            do {
                pass((enum way)way, buffers[steps & 1], len, (char)steps);
                steps++;
                spent = cpu_seconds() - start;
            } while (spent < seconds);
            printf("%-16s %5zu games %7.1f ns per game  %5.1f GB/s\n", way_name[way], games[g],
                   spent * 1e9 / ((double)steps * (double)games[g]),
                   (double)steps * (double)len / spent / 1e9);
            free(buffers[0]);
            free(buffers[1]);
        }
    }
    return 0;
}
