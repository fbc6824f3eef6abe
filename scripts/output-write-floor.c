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
 * Then, for 4,096 games, whether streaming stores overlap computation: a
 * stretch of arithmetic per game (a multiply chain, with an 832-byte
 * state per game read and written, the next game's prefetched) alone;
 * followed by streaming that game's row; and with one line of the row
 * streamed after each piece of the arithmetic.
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

/* The bytes of a game's state in `overlap`. */
#define STATE 832

enum mix { ARITHMETIC, THEN_STREAM, INTERLEAVED };

static const char *mix_name[] = {"arithmetic and state alone", "then the row streamed",
                                 "a line streamed between pieces"};

/* One step of `games` games for `overlap`: per game, the state is read
 * and written and `lines` pieces of arithmetic are done, with the row's
 * `lines` lines streamed after them or between them (or not at all). */
static uint64_t mixed_step(enum mix mix, char *out, uint64_t *state, size_t games, size_t lines,
                           uint64_t x) {
    __m256i v = _mm256_set1_epi8((char)x);
    for (size_t g = 0; g < games; g++) {
        uint64_t *s = state + g * (STATE / 8);
        if (g + 1 < games) {
            for (size_t b = 0; b < STATE; b += 64) {
                _mm_prefetch((const char *)(s + STATE / 8) + b, _MM_HINT_T0);
            }
        }
        for (size_t k = 0; k < STATE / 8; k++) {
            x ^= s[k];
            s[k] = x + k;
        }
        char *row = out + g * lines * 64;
        for (size_t l = 0; l < lines; l++) {
            for (int k = 0; k < 3; k++) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                x ^= x >> 29;
            }
            if (mix == INTERLEAVED) {
                _mm256_stream_si256((__m256i *)(row + l * 64), v);
                _mm256_stream_si256((__m256i *)(row + l * 64 + 32), v);
            }
        }
        if (mix == THEN_STREAM) {
            for (size_t l = 0; l < lines; l++) {
                _mm256_stream_si256((__m256i *)(row + l * 64), v);
                _mm256_stream_si256((__m256i *)(row + l * 64 + 32), v);
            }
        }
    }
    _mm_sfence();
    return x;
}

/* Prints the CPU time per game of `mixed_step` each way, for 4,096 games
 * whose rows are `row` bytes rounded up to whole lines. */
static void overlap(size_t row, double seconds) {
    size_t games = 4096, lines = (row + 63) / 64, len = games * lines * 64;
    char *buffers[2] = {aligned_alloc(64, len), aligned_alloc(64, len)};
    uint64_t *state = aligned_alloc(64, games * STATE);
    if (buffers[0] == NULL || buffers[1] == NULL || state == NULL) {
        fprintf(stderr, "cannot allocate the buffers\n");
        exit(1);
    }
    memset(buffers[0], 0, len);
    memset(buffers[1], 0, len);
    memset(state, 1, games * STATE);
    printf("4096 games, %zu lines a game between arithmetic, CPU ns per game:\n", lines);
    for (int mix = ARITHMETIC; mix <= INTERLEAVED; mix++) {
        long steps = 0;
        uint64_t x = 12345;
        double start = cpu_seconds(), spent;
        do {
            x = mixed_step((enum mix)mix, buffers[steps & 1], state, games, lines, x);
            steps++;
            spent = cpu_seconds() - start;
        } while (spent < seconds);
        sink ^= x;
        printf("%-32s %7.1f ns per game\n", mix_name[mix],
               spent * 1e9 / ((double)steps * (double)games));
    }
    free(buffers[0]);
    free(buffers[1]);
    free(state);
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
    overlap((size_t)row, seconds);
    return 0;
}
