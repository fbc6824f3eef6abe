// C++17 test of the Merchant Kaissa C ABI (include/kaissa_chaturaji.h),
// written the way a C++ GUI would use it: RAII ownership, std::string,
// std::vector. Built and run by tests/capi/programs.rs with
//   g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror
// and linked against the static library.
//
// Usage: kaissa_test_cpp [<perft1> <perft2> <perft3> <seed> <final text> <plies>]
// Prints "N passed, M failed" last; exits 0 only when nothing failed.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "kaissa_chaturaji.h"

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, const char *what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "kaissa_test.cpp:%d: CHECK failed: %s\n", line, what);
    }
}

#define CHECK(cond) check((cond), #cond, __LINE__)
#define CHECK_STATUS(expr, expected) check((expr) == (expected), #expr " == " #expected, __LINE__)

const std::string kStart = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";

// Owning handle for a kc_kaissa_position.
struct PositionDeleter {
    void operator()(kc_kaissa_position *pos) const noexcept { kc_kaissa_position_free(pos); }
};
using Position = std::unique_ptr<kc_kaissa_position, PositionDeleter>;

std::string last_error() {
    std::size_t needed = 0;
    if (kc_last_error_message(nullptr, 0, &needed) == KC_OK) {
        return std::string();
    }
    std::string text(needed, '\0');
    std::size_t len = 0;
    if (kc_last_error_message(&text[0], text.size(), &len) != KC_OK) {
        return "(failed)";
    }
    text.resize(len);
    return text;
}

Position make_start() {
    kc_kaissa_position *raw = nullptr;
    CHECK_STATUS(kc_kaissa_position_new_start(&raw), KC_OK);
    return Position(raw);
}

Position parse(const std::string &text) {
    kc_kaissa_position *raw = nullptr;
    kc_status status = kc_kaissa_position_from_text(text.c_str(), &raw);
    CHECK_STATUS(status, KC_OK);
    return Position(raw);
}

// Text of a position, sized with a query call first.
std::string to_text(const kc_kaissa_position *pos) {
    std::size_t needed = 0;
    if (kc_kaissa_position_to_text(pos, nullptr, 0, &needed) != KC_ERR_BUFFER_TOO_SMALL) {
        return "(failed)";
    }
    std::string text(needed, '\0');
    std::size_t len = 0;
    if (kc_kaissa_position_to_text(pos, &text[0], text.size(), &len) != KC_OK) {
        return "(failed)";
    }
    text.resize(len);
    return text;
}

kc_kaissa_move move(const char *text) {
    kc_kaissa_move mv{255, 255, 255};
    CHECK_STATUS(kc_kaissa_move_from_text(text, &mv), KC_OK);
    return mv;
}

std::string move_text(kc_kaissa_move mv) {
    char buf[KC_KAISSA_MOVE_TEXT_CAP];
    std::size_t len = 0;
    if (kc_kaissa_move_to_text(mv, buf, sizeof buf, &len) != KC_OK) {
        return "(failed)";
    }
    return std::string(buf, len);
}

std::vector<kc_kaissa_move> legal_moves(const kc_kaissa_position *pos) {
    std::vector<kc_kaissa_move> moves(KC_MAX_MOVES);
    std::size_t len = 0;
    CHECK_STATUS(kc_kaissa_legal_moves(pos, moves.data(), moves.size(), &len), KC_OK);
    moves.resize(len);
    return moves;
}

void test_library() {
    CHECK(std::string(kc_version()).find('.') != std::string::npos);
    CHECK(std::string(kc_status_message(KC_ERR_ILLEGAL_MOVE)) != "unknown status");
    CHECK(std::string(kc_status_message(KC_ERR_PANIC)) != "unknown status");
    CHECK(std::string(kc_status_message(42)) == "unknown status");
    CHECK(std::string(kc_status_message(-7)) == "unknown status");
    std::size_t len = 0;
    CHECK_STATUS(kc_last_error_message(nullptr, 3, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_last_error_message(nullptr, 0, nullptr), KC_ERR_NULL_POINTER);
}

void test_positions() {
    Position start = make_start();
    CHECK(to_text(start.get()) == kStart);

    kc_kaissa_position *raw = nullptr;
    CHECK_STATUS(kc_kaissa_position_from_text("not a position", &raw), KC_ERR_PARSE);
    CHECK(raw == nullptr);
    CHECK(last_error().find("board") != std::string::npos);
    CHECK_STATUS(kc_kaissa_position_from_text(nullptr, &raw), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_from_text("\xff", &raw), KC_ERR_INVALID_UTF8);
    CHECK_STATUS(kc_kaissa_position_new_start(nullptr), KC_ERR_NULL_POINTER);
    kc_kaissa_position_free(nullptr);

    CHECK_STATUS(kc_kaissa_position_clone(start.get(), &raw), KC_OK);
    Position copy(raw);
    CHECK_STATUS(kc_kaissa_play(copy.get(), move("c2c5"), nullptr), KC_OK);
    CHECK(to_text(start.get()) == kStart);
    CHECK_STATUS(kc_kaissa_position_copy(start.get(), copy.get()), KC_OK);
    CHECK(to_text(copy.get()) == kStart);
    CHECK_STATUS(kc_kaissa_position_copy(nullptr, copy.get()), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_clone(nullptr, &raw), KC_ERR_NULL_POINTER);

    char small[4];
    std::size_t len = 0;
    CHECK_STATUS(kc_kaissa_position_to_text(start.get(), small, sizeof small, &len),
                 KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == kStart.size() + 1);

    std::string diagram(KC_KAISSA_DIAGRAM_CAP, '\0');
    CHECK_STATUS(kc_kaissa_position_diagram(start.get(), &diagram[0], diagram.size(), &len), KC_OK);
    diagram.resize(len);
    CHECK(diagram.find("a b c d e f g h i j") != std::string::npos);
    CHECK_STATUS(kc_kaissa_position_diagram(start.get(), small, sizeof small, &len),
                 KC_ERR_BUFFER_TOO_SMALL);

    std::uint8_t side = 9;
    std::uint32_t turn = 0;
    std::uint32_t ply = 9;
    std::uint64_t hash = 0;
    CHECK_STATUS(kc_kaissa_to_move(start.get(), &side), KC_OK);
    CHECK_STATUS(kc_kaissa_turn(start.get(), &turn), KC_OK);
    CHECK_STATUS(kc_kaissa_ply(start.get(), &ply), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(start.get(), &hash), KC_OK);
    CHECK(side == KC_KAISSA_YELLOW && turn == 1 && ply == 0 && hash != 0);
    CHECK_STATUS(kc_kaissa_to_move(start.get(), nullptr), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_turn(nullptr, &turn), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_ply(start.get(), nullptr), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_hash(nullptr, &hash), KC_ERR_NULL_POINTER);

    kc_kaissa_outcome_info outcome{9, 9};
    CHECK_STATUS(kc_kaissa_outcome(start.get(), &outcome), KC_OK);
    CHECK(outcome.result == KC_KAISSA_ONGOING && outcome.reason == KC_KAISSA_REASON_NONE);
    Position won = parse("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -");
    CHECK_STATUS(kc_kaissa_outcome(won.get(), &outcome), KC_OK);
    CHECK(outcome.result == KC_KAISSA_RED_WINS &&
          outcome.reason == KC_KAISSA_REASON_HOME_STONE_CAPTURED);
    CHECK_STATUS(kc_kaissa_outcome(won.get(), nullptr), KC_ERR_NULL_POINTER);

    // The board, drawn the way a GUI would read it.
    std::string rank1;
    for (std::uint8_t file = 0; file < KC_KAISSA_WIDTH; ++file) {
        kc_kaissa_piece piece{};
        CHECK_STATUS(kc_kaissa_piece_at(start.get(), file, &piece), KC_OK);
        const char letters[] = "UQTSBIPRAH";
        rank1 += piece.present ? letters[piece.kind] : '.';
    }
    CHECK(rank1 == "IBSTQUTSBI");
    kc_kaissa_piece piece{};
    CHECK_STATUS(kc_kaissa_piece_at(start.get(), 200, &piece), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_piece_at(start.get(), 0, nullptr), KC_ERR_NULL_POINTER);

    kc_kaissa_home_stone_window_info window{};
    Position turn8 = parse("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh");
    CHECK_STATUS(kc_kaissa_home_stone_window(turn8.get(), KC_KAISSA_YELLOW, &window), KC_OK);
    CHECK(window.open_now && window.square_count == 1 && window.squares[0] == 0);
    CHECK_STATUS(kc_kaissa_home_stone_window(turn8.get(), 7, &window), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_home_stone_window(turn8.get(), 1, nullptr), KC_ERR_NULL_POINTER);
}

void test_moves() {
    Position pos = make_start();
    std::vector<kc_kaissa_move> moves = legal_moves(pos.get());
    CHECK(moves.size() == 40);
    std::size_t len = 0;
    kc_kaissa_move few[3];
    CHECK_STATUS(kc_kaissa_legal_moves(pos.get(), few, 3, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 40);
    CHECK_STATUS(kc_kaissa_legal_moves(pos.get(), nullptr, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_kaissa_legal_moves(nullptr, few, 3, &len), KC_ERR_NULL_POINTER);

    for (const kc_kaissa_move &mv : moves) {
        bool legal = false;
        CHECK_STATUS(kc_kaissa_is_legal(pos.get(), mv, &legal), KC_OK);
        CHECK(legal);
        kc_kaissa_move back{};
        CHECK_STATUS(kc_kaissa_move_from_text(move_text(mv).c_str(), &back), KC_OK);
        CHECK(back.kind == mv.kind && back.from == mv.from && back.to == mv.to);
    }
    bool legal = true;
    CHECK_STATUS(kc_kaissa_is_legal(pos.get(), move("c2c6"), &legal), KC_OK);
    CHECK(!legal);
    CHECK_STATUS(kc_kaissa_is_legal(pos.get(), kc_kaissa_move{9, 12, 42}, &legal),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_is_legal(pos.get(), kc_kaissa_move{0, 12, 200}, &legal),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_is_legal(pos.get(), move("c2c5"), nullptr), KC_ERR_NULL_POINTER);

    kc_kaissa_move mv{};
    CHECK_STATUS(kc_kaissa_move_from_text("h@c1", &mv), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_move_from_text(nullptr, &mv), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_move_from_text("e2e5", nullptr), KC_ERR_NULL_POINTER);
    CHECK(move_text(move("H@j1")) == "H@j1");
    char buf[KC_KAISSA_MOVE_TEXT_CAP];
    CHECK_STATUS(kc_kaissa_move_to_text(kc_kaissa_move{1, 3, 4}, buf, sizeof buf, &len),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_move_to_text(move("e2e5"), buf, 2, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 5);

    std::uint8_t square = 0;
    CHECK_STATUS(kc_kaissa_square_from_text("b2", &square), KC_OK);
    CHECK(square == 11);
    CHECK_STATUS(kc_kaissa_square_from_text("b11", &square), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_square_to_text(11, buf, sizeof buf, &len), KC_OK);
    CHECK(std::string(buf) == "b2");
    CHECK_STATUS(kc_kaissa_square_to_text(255, buf, sizeof buf, &len), KC_ERR_INVALID_ARGUMENT);

    kc_kaissa_undo_record undo{};
    CHECK_STATUS(kc_kaissa_play(pos.get(), move("c2c6"), &undo), KC_ERR_ILLEGAL_MOVE);
    CHECK(last_error().find("illegal move c2c6") != std::string::npos);
    CHECK_STATUS(kc_kaissa_play(pos.get(), kc_kaissa_move{0, 150, 2}, &undo),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_play(pos.get(), move("c2c5"), &undo), KC_OK);
    kc_kaissa_undo_record forged = undo;
    forged.hash_before += 1;
    CHECK_STATUS(kc_kaissa_undo(pos.get(), &forged), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_undo(pos.get(), nullptr), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_undo(pos.get(), &undo), KC_OK);
    CHECK(to_text(pos.get()) == kStart);
    CHECK_STATUS(kc_kaissa_undo(pos.get(), &undo), KC_ERR_INVALID_ARGUMENT);
}

void test_perft(const std::uint64_t (&expected)[4]) {
    Position pos = make_start();
    const std::uint64_t reference[4] = {1, 40, 1600, 70656};  // pyffish, tests/data
    for (std::uint32_t depth = 0; depth <= 3; ++depth) {
        std::uint64_t nodes = 0;
        CHECK_STATUS(kc_kaissa_perft(pos.get(), depth, &nodes), KC_OK);
        CHECK(nodes == reference[depth] && nodes == expected[depth]);
    }
    std::uint64_t nodes = 0;
    CHECK_STATUS(kc_kaissa_perft(pos.get(), 99, &nodes), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_perft(nullptr, 1, &nodes), KC_ERR_NULL_POINTER);
}

// A perft by kc_kaissa_visit from C++: the visitor is a function of this
// file, its state a struct passed as the context.
struct VisitPerft {
    std::uint32_t depth;
    std::uint64_t nodes;
    bool ok;
};

std::int32_t perft_visitor(void *context, kc_kaissa_position *pos, std::size_t) {
    auto &state = *static_cast<VisitPerft *>(context);
    if (state.depth == 1) {
        ++state.nodes;
        return 0;
    }
    --state.depth;
    std::size_t count = 0;
    state.ok = state.ok && kc_kaissa_list(pos, &count) == KC_OK &&
               kc_kaissa_visit(pos, nullptr, 0, perft_visitor, context, nullptr) == KC_OK;
    ++state.depth;
    return 0;
}

void test_visit_perft(const std::uint64_t (&expected)[4]) {
    Position pos = make_start();
    for (std::uint32_t depth = 1; depth <= 3; ++depth) {
        VisitPerft state{depth, 0, true};
        std::size_t count = 0;
        std::int32_t stop = -1;
        CHECK_STATUS(kc_kaissa_list(pos.get(), &count), KC_OK);
        CHECK_STATUS(kc_kaissa_visit(pos.get(), nullptr, 0, perft_visitor, &state, &stop), KC_OK);
        CHECK(state.ok && stop == 0);
        CHECK(state.nodes == expected[depth]);
        CHECK(to_text(pos.get()) == kStart);
    }
}

void test_random_game(std::uint64_t seed, const char *expected_final, long expected_plies) {
    std::uint64_t state = 0, value = 0;
    CHECK_STATUS(kc_random_next(&state, &value), KC_OK);
    CHECK(value == UINT64_C(0xE220A8397B1DCDAF));
    CHECK_STATUS(kc_random_below(&state, 0, &value), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_random_below(&state, 3, &value), KC_OK);
    CHECK(value < 3);

    Position pos = make_start();
    std::vector<kc_kaissa_undo_record> history;
    std::uint64_t rng = seed;
    kc_kaissa_outcome_info outcome{};
    const long max_plies = 3000;
    long bad = 0;
    while (static_cast<long>(history.size()) < max_plies) {
        CHECK_STATUS(kc_kaissa_outcome(pos.get(), &outcome), KC_OK);
        kc_kaissa_move mv{};
        kc_status status = kc_kaissa_choose_move(pos.get(), &rng, &mv);
        if (outcome.result != KC_KAISSA_ONGOING) {
            CHECK_STATUS(status, KC_ERR_GAME_OVER);
            break;
        }
        kc_kaissa_undo_record undo{};
        if (status != KC_OK || kc_kaissa_play(pos.get(), mv, &undo) != KC_OK) {
            ++bad;
            break;
        }
        history.push_back(undo);
    }
    CHECK(bad == 0);
    std::string final_text = to_text(pos.get());
    std::printf("seeded game (seed %" PRIu64 "): %zu plies, final %s\n", seed, history.size(),
                final_text.c_str());
    if (expected_final != nullptr) {
        CHECK(final_text == expected_final);
        CHECK(static_cast<long>(history.size()) == expected_plies);
    }
    kc_kaissa_move none{};
    std::uint64_t before = rng;
    if (outcome.result != KC_KAISSA_ONGOING) {
        CHECK_STATUS(kc_kaissa_choose_move(pos.get(), &rng, &none), KC_ERR_GAME_OVER);
        CHECK(rng == before);
    }
    CHECK_STATUS(kc_kaissa_choose_move(pos.get(), nullptr, &none), KC_ERR_NULL_POINTER);
    while (!history.empty()) {
        if (kc_kaissa_undo(pos.get(), &history.back()) != KC_OK) {
            ++bad;
            break;
        }
        history.pop_back();
    }
    CHECK(bad == 0);
    CHECK(to_text(pos.get()) == kStart);
}

}  // namespace

int main(int argc, char **argv) {
    std::uint64_t expected[4] = {1, 40, 1600, 70656};
    std::uint64_t seed = 20240601;
    const char *final_text = nullptr;
    long plies = -1;
    if (argc == 7) {
        for (int i = 1; i <= 3; ++i) {
            expected[i] = std::strtoull(argv[i], nullptr, 10);
        }
        seed = std::strtoull(argv[4], nullptr, 10);
        final_text = argv[5];
        plies = std::strtol(argv[6], nullptr, 10);
    } else if (argc != 1) {
        std::fprintf(stderr, "usage: %s [<perft1> <perft2> <perft3> <seed> <final> <plies>]\n",
                     argv[0]);
        return 2;
    }
    std::printf("kaissa_chaturaji %s (C++17)\n", kc_version());
    test_library();
    test_positions();
    test_moves();
    test_perft(expected);
    test_visit_perft(expected);
    test_random_game(seed, final_text, plies);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
