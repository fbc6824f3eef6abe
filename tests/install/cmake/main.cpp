// A C++17 program using the installed kaissa_chaturaji package through
// CMake's find_package. Prints the version and the perft counts of both
// games' start positions for tests/packaging/install.rs to compare.
#include <cstdint>
#include <iostream>
#include <memory>

#include <kaissa_chaturaji.h>

namespace {
struct KaissaFree {
    void operator()(kc_kaissa_position *pos) const { kc_kaissa_position_free(pos); }
};
struct ChaturajiFree {
    void operator()(kc_chaturaji_position *pos) const { kc_chaturaji_position_free(pos); }
};
}  // namespace

int main() {
    kc_kaissa_position *raw_kaissa = nullptr;
    if (kc_kaissa_position_new_start(&raw_kaissa) != KC_OK) return 1;
    std::unique_ptr<kc_kaissa_position, KaissaFree> kaissa(raw_kaissa);

    kc_chaturaji_rules rules{};
    kc_chaturaji_position *raw_chaturaji = nullptr;
    if (kc_chaturaji_rules_default(&rules) != KC_OK ||
        kc_chaturaji_position_new_start(&rules, &raw_chaturaji) != KC_OK) {
        return 1;
    }
    std::unique_ptr<kc_chaturaji_position, ChaturajiFree> chaturaji(raw_chaturaji);

    std::uint64_t kaissa_nodes = 0;
    std::uint64_t chaturaji_nodes = 0;
    if (kc_kaissa_perft(kaissa.get(), 2, &kaissa_nodes) != KC_OK ||
        kc_chaturaji_perft(chaturaji.get(), 3, &chaturaji_nodes) != KC_OK) {
        return 1;
    }
    std::cout << "version " << kc_version() << "\n"
              << "kaissa perft 2 " << kaissa_nodes << "\n"
              << "chaturaji perft 3 " << chaturaji_nodes << "\n";
    return 0;
}
