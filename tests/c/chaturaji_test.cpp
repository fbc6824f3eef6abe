// C++17 test of the Chaturaji C ABI (include/kaissa_chaturaji.h), written
// the way a C++ GUI would use it: RAII ownership, std::string, std::vector,
// a game history of undo records. Built and run by tests/capi/programs.rs with
//   g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror
// and linked against the static library.
//
// Usage: chaturaji_test_cpp [<perft1..5> <perft5 opposite> <seed> <final text> <plies>]
// Prints "N passed, M failed" last; exits 0 only when nothing failed.
#include <array>
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
        std::fprintf(stderr, "chaturaji_test.cpp:%d: CHECK failed: %s\n", line, what);
    }
}

#define CHECK(cond) check((cond), #cond, __LINE__)
#define CHECK_STATUS(expr, expected) check((expr) == (expected), #expr " == " #expected, __LINE__)

const std::string kStart =
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"
    "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0";

struct PositionDeleter {
    void operator()(kc_chaturaji_position *pos) const noexcept { kc_chaturaji_position_free(pos); }
};
using Position = std::unique_ptr<kc_chaturaji_position, PositionDeleter>;

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

kc_chaturaji_rules rules_with(uint8_t alliances, uint16_t draw_limit = KC_CHATURAJI_DEFAULT_DRAW_LIMIT) {
    kc_chaturaji_rules rules{};
    rules.alliances = alliances;
    rules.draw_limit = draw_limit;
    return rules;
}

Position make_start(uint8_t alliances = KC_CHATURAJI_ALLIANCES_SHEET) {
    kc_chaturaji_rules rules = rules_with(alliances);
    kc_chaturaji_position *raw = nullptr;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &raw), KC_OK);
    return Position(raw);
}

Position parse(const std::string &text) {
    kc_chaturaji_rules rules{};
    CHECK_STATUS(kc_chaturaji_rules_default(&rules), KC_OK);
    kc_chaturaji_position *raw = nullptr;
    CHECK_STATUS(kc_chaturaji_position_from_text(text.c_str(), &rules, &raw), KC_OK);
    return Position(raw);
}

// A text output, sized with a query call first.
template <typename F>
std::string sized_text(F call) {
    std::size_t needed = 0;
    if (call(nullptr, 0, &needed) != KC_ERR_BUFFER_TOO_SMALL) {
        return "(failed)";
    }
    std::string text(needed, '\0');
    std::size_t len = 0;
    if (call(&text[0], text.size(), &len) != KC_OK) {
        return "(failed)";
    }
    text.resize(len);
    return text;
}

std::string to_text(const kc_chaturaji_position *pos) {
    return sized_text([pos](char *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_position_to_text(pos, buf, cap, len);
    });
}

std::string move_text(kc_chaturaji_move mv) {
    return sized_text([mv](char *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_move_to_text(mv, buf, cap, len);
    });
}

std::string square_name(uint8_t square) {
    return sized_text([square](char *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_square_to_text(square, buf, cap, len);
    });
}

kc_chaturaji_move parse_move(const char *text) {
    kc_chaturaji_move mv{};
    CHECK_STATUS(kc_chaturaji_move_from_text(text, &mv), KC_OK);
    return mv;
}

uint8_t square(const char *name) {
    uint8_t out = 255;
    CHECK_STATUS(kc_chaturaji_square_from_text(name, &out), KC_OK);
    return out;
}

template <typename T, typename F>
std::vector<T> sized_array(F call) {
    std::size_t needed = 0;
    kc_status status = call(nullptr, 0, &needed);
    if (status == KC_OK) {
        return {};
    }
    std::vector<T> items(needed);
    std::size_t len = 0;
    if (call(items.data(), items.size(), &len) != KC_OK) {
        return {};
    }
    items.resize(len);
    return items;
}

std::vector<kc_chaturaji_move> legal_moves(const kc_chaturaji_position *pos, uint8_t roll) {
    return sized_array<kc_chaturaji_move>([pos, roll](kc_chaturaji_move *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_legal_moves(pos, roll, buf, cap, len);
    });
}

void test_board_data() {
    auto marked = sized_array<uint8_t>([](uint8_t *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_marked_squares(buf, cap, len);
    });
    CHECK(marked.size() == KC_CHATURAJI_MARKED_SQUARE_COUNT);
    CHECK(!marked.empty() && square_name(marked.front()) == "a1" && square_name(marked.back()) == "h8");
    auto special = sized_array<uint8_t>([](uint8_t *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_special_promotion_squares(buf, cap, len);
    });
    CHECK(special.size() == KC_CHATURAJI_SPECIAL_PROMOTION_SQUARE_COUNT);
    const char *thrones[4] = {"h4", "e8", "a5", "d1"};
    for (uint8_t c = 0; c < 4; ++c) {
        uint8_t throne = 0;
        CHECK_STATUS(kc_chaturaji_throne(c, &throne), KC_OK);
        CHECK(square_name(throne) == thrones[c]);
    }
    uint8_t out = 0;
    CHECK_STATUS(kc_chaturaji_throne(4, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_marked_squares(nullptr, 0, nullptr), KC_ERR_NULL_POINTER);

    kc_chaturaji_rules rules = rules_with(KC_CHATURAJI_ALLIANCES_OPPOSITE);
    CHECK_STATUS(kc_chaturaji_ally(&rules, KC_CHATURAJI_BLACK, &out), KC_OK);
    CHECK(out == KC_CHATURAJI_GREEN);
    kc_chaturaji_alliance_info alliance{};
    CHECK_STATUS(kc_chaturaji_alliance_of(&rules, KC_CHATURAJI_YELLOW, &alliance), KC_OK);
    CHECK(alliance.colours[0] == KC_CHATURAJI_RED && alliance.colours[1] == KC_CHATURAJI_YELLOW);
    rules.alliances = 2;
    CHECK_STATUS(kc_chaturaji_ally(&rules, 0, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK(last_error().find("alliances 2") != std::string::npos);
    kc_chaturaji_rules defaults{};
    CHECK_STATUS(kc_chaturaji_rules_default(&defaults), KC_OK);
    CHECK(defaults.alliances == KC_CHATURAJI_ALLIANCES_SHEET && defaults.draw_limit == 200);
}

void test_positions() {
    Position start = make_start();
    CHECK(to_text(start.get()) == kStart);
    std::string diagram = sized_text([&start](char *buf, std::size_t cap, std::size_t *len) {
        return kc_chaturaji_position_diagram(start.get(), buf, cap, len);
    });
    CHECK(diagram.rfind("8 yB yP  .  * bK bE bH bB", 0) == 0);
    CHECK(diagram.size() < KC_CHATURAJI_DIAGRAM_CAP);

    Position parsed = parse(kStart);
    uint64_t h1 = 0, h2 = 0;
    CHECK_STATUS(kc_chaturaji_hash(start.get(), &h1), KC_OK);
    CHECK_STATUS(kc_chaturaji_hash(parsed.get(), &h2), KC_OK);
    CHECK(h1 == h2);

    kc_chaturaji_rules rules{};
    CHECK_STATUS(kc_chaturaji_rules_default(&rules), KC_OK);
    kc_chaturaji_position *raw = nullptr;
    std::string bad = kStart;
    bad.replace(bad.find(" r rbyg"), 7, " r rbyy");
    CHECK_STATUS(kc_chaturaji_position_from_text(bad.c_str(), &rules, &raw), KC_ERR_PARSE);
    CHECK(raw == nullptr);
    CHECK(last_error().find("command (offset") != std::string::npos);

    kc_chaturaji_position *cloned = nullptr;
    CHECK_STATUS(kc_chaturaji_position_clone(start.get(), &cloned), KC_OK);
    Position clone(cloned);
    CHECK_STATUS(kc_chaturaji_play(clone.get(), 2, parse_move("h1f3"), nullptr), KC_OK);
    CHECK(to_text(start.get()) == kStart);
    CHECK_STATUS(kc_chaturaji_position_copy(clone.get(), parsed.get()), KC_OK);
    CHECK(to_text(parsed.get()) == to_text(clone.get()));

    uint8_t seat = 9;
    uint32_t n = 9;
    CHECK_STATUS(kc_chaturaji_to_move(clone.get(), &seat), KC_OK);
    CHECK(seat == KC_CHATURAJI_BLACK);
    CHECK_STATUS(kc_chaturaji_ply(clone.get(), &n), KC_OK);
    CHECK(n == 1);
    CHECK_STATUS(kc_chaturaji_quiet_plies(clone.get(), &n), KC_OK);
    CHECK(n == 1);
    kc_chaturaji_rules got{};
    CHECK_STATUS(kc_chaturaji_position_rules(clone.get(), &got), KC_OK);
    CHECK(got.alliances == KC_CHATURAJI_ALLIANCES_SHEET && got.draw_limit == 200);

    kc_chaturaji_piece piece{};
    CHECK_STATUS(kc_chaturaji_piece_at(clone.get(), square("f3"), &piece), KC_OK);
    CHECK(piece.present == 1 && piece.colour == KC_CHATURAJI_RED && piece.kind == KC_CHATURAJI_BOAT);
    CHECK_STATUS(kc_chaturaji_piece_at(clone.get(), 200, &piece), KC_ERR_INVALID_ARGUMENT);
    uint8_t commander = 0;
    CHECK_STATUS(kc_chaturaji_commander(clone.get(), KC_CHATURAJI_GREEN, &commander), KC_OK);
    CHECK(commander == KC_CHATURAJI_GREEN);
    bool flag = true;
    CHECK_STATUS(kc_chaturaji_is_out(clone.get(), KC_CHATURAJI_GREEN, &flag), KC_OK);
    CHECK(!flag);
    CHECK_STATUS(kc_chaturaji_seat_in_play(clone.get(), KC_CHATURAJI_GREEN, &flag), KC_OK);
    CHECK(flag);
    CHECK_STATUS(kc_chaturaji_lost_pawn(clone.get(), KC_CHATURAJI_GREEN, &flag), KC_OK);
    CHECK(!flag);
    uint8_t rajas = 9;
    CHECK_STATUS(kc_chaturaji_captured_rajas(clone.get(), KC_CHATURAJI_GREEN, &rajas), KC_OK);
    CHECK(rajas == 0);
    CHECK_STATUS(kc_chaturaji_captured_rajas(clone.get(), 9, &rajas), KC_ERR_INVALID_ARGUMENT);
    kc_chaturaji_outcome_info outcome{};
    CHECK_STATUS(kc_chaturaji_outcome(clone.get(), &outcome), KC_OK);
    CHECK(outcome.result == KC_CHATURAJI_ONGOING);
}

void test_moves_and_exchanges() {
    Position pos = make_start();
    std::array<std::size_t, 4> counts{1, 2, 1, 6};
    for (uint8_t roll = 2; roll <= 5; ++roll) {
        CHECK(legal_moves(pos.get(), roll).size() == counts[roll - 2]);
    }
    std::size_t len = 0;
    CHECK_STATUS(kc_chaturaji_legal_moves(pos.get(), 7, nullptr, 0, &len), KC_ERR_INVALID_ARGUMENT);
    auto fives = legal_moves(pos.get(), 5);
    for (const auto &mv : fives) {
        bool legal = false;
        CHECK_STATUS(kc_chaturaji_is_legal(pos.get(), 5, mv, &legal), KC_OK);
        CHECK(legal);
        kc_chaturaji_move back{};
        CHECK_STATUS(kc_chaturaji_move_from_text(move_text(mv).c_str(), &back), KC_OK);
        CHECK(std::memcmp(&back, &mv, sizeof mv) == 0);
    }
    CHECK(move_text(parse_move("g7g8K")) == "g7g8K");
    kc_chaturaji_move bad = parse_move("pass");
    bad.to = 3;
    CHECK_STATUS(kc_chaturaji_play(pos.get(), 4, bad, nullptr), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_play(pos.get(), 3, parse_move("h1f3"), nullptr), KC_ERR_ILLEGAL_MOVE);
    CHECK(last_error().find("the roll does not name this piece's kind") != std::string::npos);
    kc_chaturaji_move chosen{};
    uint64_t rng = 3;
    CHECK_STATUS(kc_chaturaji_choose_move(pos.get(), 4, &rng, &chosen), KC_OK);
    CHECK(move_text(chosen) == "pass");

    Position ex = parse("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9");
    auto pairs = sized_array<kc_chaturaji_exchange_pair>(
        [&ex](kc_chaturaji_exchange_pair *buf, std::size_t cap, std::size_t *n) {
            return kc_chaturaji_possible_exchanges(ex.get(), buf, cap, n);
        });
    CHECK(pairs.size() == 1 && pairs[0].first == KC_CHATURAJI_RED && pairs[0].second == KC_CHATURAJI_BLACK);
    auto squares = sized_array<uint8_t>([&ex](uint8_t *buf, std::size_t cap, std::size_t *n) {
        return kc_chaturaji_raja_return_squares(ex.get(), KC_CHATURAJI_BLACK, buf, cap, n);
    });
    CHECK(squares.size() == 1 && square_name(squares[0]) == "e8");
    CHECK_STATUS(kc_chaturaji_apply_exchange(ex.get(), KC_CHATURAJI_RED, square("h5"), KC_CHATURAJI_BLACK,
                                             square("e8")),
                 KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_apply_exchange(ex.get(), KC_CHATURAJI_RED, square("h4"), KC_CHATURAJI_BLACK,
                                             square("e8")),
                 KC_OK);
    CHECK(to_text(ex.get()) == "4,bK,3/8/8/8/6,rP,rK/8/8/3,gK,3,bP b rbxg - - 0 9");

    uint64_t nodes = 0;
    CHECK_STATUS(kc_chaturaji_perft(pos.get(), 3, &nodes), KC_OK);
    CHECK(nodes == 1000);
}

// A game as a GUI would keep it: a history vector of undo records.
struct Game {
    Position pos;
    std::vector<kc_chaturaji_undo_record> history;
};

void test_perft(const std::array<uint64_t, 6> &expected) {
    Position sheet = make_start();
    Position opposite = make_start(KC_CHATURAJI_ALLIANCES_OPPOSITE);
    for (uint32_t depth = 1; depth <= 5; ++depth) {
        uint64_t nodes = 0;
        CHECK_STATUS(kc_chaturaji_perft(sheet.get(), depth, &nodes), KC_OK);
        CHECK(nodes == expected[depth - 1]);
    }
    uint64_t nodes = 0;
    CHECK_STATUS(kc_chaturaji_perft(opposite.get(), 5, &nodes), KC_OK);
    CHECK(nodes == expected[5]);
    CHECK(expected[4] == 111900 && expected[5] == 113800);
    CHECK_STATUS(kc_chaturaji_perft(sheet.get(), KC_CHATURAJI_MAX_PERFT_DEPTH + 1, &nodes),
                 KC_ERR_INVALID_ARGUMENT);
}

void test_seeded_game(uint64_t seed, const std::string &expected_final, long expected_plies) {
    Game game{make_start(), {}};
    uint64_t rng = seed;
    for (;;) {
        kc_chaturaji_outcome_info outcome{};
        CHECK_STATUS(kc_chaturaji_outcome(game.pos.get(), &outcome), KC_OK);
        if (outcome.result != KC_CHATURAJI_ONGOING) {
            break;
        }
        uint8_t roll = 0;
        kc_chaturaji_move mv{};
        kc_chaturaji_chosen_move chosen{};
        kc_chaturaji_undo_record undo{};
        // Every other ply through the token path (the same choice).
        bool ok = kc_chaturaji_roll(&rng, &roll) == KC_OK;
        if (ok && game.history.size() % 2 == 0) {
            ok = kc_chaturaji_choose(game.pos.get(), roll, &rng, &chosen) == KC_OK &&
                 kc_chaturaji_play_chosen(game.pos.get(), &chosen, &undo) == KC_OK &&
                 kc_chaturaji_play_chosen(game.pos.get(), &chosen, &undo) ==
                     KC_ERR_INVALID_ARGUMENT;
        } else if (ok) {
            ok = kc_chaturaji_choose_move(game.pos.get(), roll, &rng, &mv) == KC_OK &&
                 kc_chaturaji_play(game.pos.get(), roll, mv, &undo) == KC_OK;
        }
        if (!ok) {
            CHECK(false);
            break;
        }
        game.history.push_back(undo);
    }
    std::string final_text = to_text(game.pos.get());
    std::printf("seeded game (seed %" PRIu64 "): %zu plies, final %s\n", seed, game.history.size(),
                final_text.c_str());
    if (!expected_final.empty()) {
        CHECK(final_text == expected_final);
        CHECK(static_cast<long>(game.history.size()) == expected_plies);
    }
    long bad_undos = 0;
    while (!game.history.empty()) {
        if (kc_chaturaji_undo(game.pos.get(), &game.history.back()) != KC_OK) {
            ++bad_undos;
            break;
        }
        game.history.pop_back();
    }
    CHECK(bad_undos == 0);
    CHECK(to_text(game.pos.get()) == kStart);
}

}  // namespace

int main(int argc, char **argv) {
    std::array<uint64_t, 6> expected{10, 100, 1000, 10000, 111900, 113800};
    uint64_t seed = 20240601;
    std::string final_text;
    long plies = 0;
    if (argc == 10) {
        for (int i = 0; i < 6; ++i) {
            expected[static_cast<std::size_t>(i)] = std::strtoull(argv[1 + i], nullptr, 10);
        }
        seed = std::strtoull(argv[7], nullptr, 10);
        final_text = argv[8];
        plies = std::strtol(argv[9], nullptr, 10);
    }
    test_board_data();
    test_positions();
    test_moves_and_exchanges();
    test_perft(expected);
    test_seeded_game(seed, final_text, plies);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
