// The fixed positions of the bench signature: every 100th line of five of the
// public 7x6 test sets (tests/engine/solver/data), with their published scores.
#include "engine/solver/bench_positions.h"

#include <chrono>

#include "engine/solver/solver.h"

namespace ft::engine::solver {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> list = {
      {"2252576253462244111563365343671351441", -1},     // Test_L3_R1:1
      {"37342133236232526427711116166777", -4},          // Test_L3_R1:101
      {"7654776675256624444643117711331235", 1},         // Test_L3_R1:201
      {"717363143443212232161127257737", 2},             // Test_L3_R1:301
      {"3361746361174316152431577737444", 0},            // Test_L3_R1:401
      {"74664616452547232271726175675453511341323", 0},  // Test_L3_R1:501
      {"743274346515421633351177641473615725", -1},      // Test_L3_R1:601
      {"6267266244264377226115755171531", -1},           // Test_L3_R1:701
      {"11366434124121427464222563373136677", -2},       // Test_L3_R1:801
      {"14512475713727644417517661365", 6},              // Test_L3_R1:901
      {"5554224333234511764415115", 4},                  // Test_L2_R1:1
      {"6673377312746732", -10},                         // Test_L2_R1:101
      {"1727575555222572716342", 9},                     // Test_L2_R1:201
      {"22631275776731721667", -8},                      // Test_L2_R1:301
      {"341756577731526635547163374", -6},               // Test_L2_R1:401
      {"7113237433521353552456541116", -6},              // Test_L2_R1:501
      {"664111771115734446237", 6},                      // Test_L2_R1:601
      {"73456313216733265273265117", 2},                 // Test_L2_R1:701
      {"2556433363141147", 8},                           // Test_L2_R1:801
      {"6541561473766743715117", 9},                     // Test_L2_R1:901
      {"274552224131661", 0},                            // Test_L2_R2:1
      {"576144672552167723", 3},                         // Test_L2_R2:101
      {"5216564114654566", -3},                          // Test_L2_R2:201
      {"512757754423454", -2},                           // Test_L2_R2:301
      {"4115276666674442357", 0},                        // Test_L2_R2:401
      {"24621527764723641553255", -1},                   // Test_L2_R2:501
      {"47137243632764143", 2},                          // Test_L2_R2:601
      {"72347723255677763", 0},                          // Test_L2_R2:701
      {"5733231371343227426", 2},                        // Test_L2_R2:801
      {"36763155722321177165573", 3},                    // Test_L2_R2:901
      {"32164625", 11},                                  // Test_L1_R1:1
      {"256613535637", 9},                               // Test_L1_R1:101
      {"1155422444", 15},                                // Test_L1_R1:201
      {"613542762746", 14},                              // Test_L1_R1:301
      {"57637214131741", 10},                            // Test_L1_R1:401
      {"44753722416", 15},                               // Test_L1_R1:501
      {"364766114", -12},                                // Test_L1_R1:601
      {"27674224", 16},                                  // Test_L1_R1:701
      {"653333756317", 11},                              // Test_L1_R1:801
      {"53114372422", -13},                              // Test_L1_R1:901
      {"32751571231557", -3},                            // Test_L1_R2:1
      {"177576467417", 2},                               // Test_L1_R2:101
      {"376366414", -3},                                 // Test_L1_R2:201
      {"1411565752146", -2},                             // Test_L1_R2:301
      {"272243241154", -5},                              // Test_L1_R2:401
      {"313514736", 4},                                  // Test_L1_R2:501
      {"1754147346", 4},                                 // Test_L1_R2:601
      {"3146162571757", -2},                             // Test_L1_R2:701
      {"75765452173", -2},                               // Test_L1_R2:801
      {"516154", 6},                                     // Test_L1_R2:901
  };
  return list;
}

Result<BenchResult> run_bench(const std::function<void(const BenchLine&)>& on_line) {
  TranspositionTable table(BENCH_TABLE_BYTES);
  Solver solver(table);
  BenchResult total;
  for (const auto& bp : bench_positions()) {
    auto p = play_moves(Board{}, bp.moves);
    if (!p) return p.error();
    table.clear();
    solver.reset_stats();
    const auto t0 = std::chrono::steady_clock::now();
    const auto score = solver.solve(*p);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!score || *score != bp.score)
      return make_error(ErrorCode::bad_input,
                        std::string("bench position ") + bp.moves +
                            " solved wrong: " + (score ? std::to_string(*score) : "none") +
                            ", expected " + std::to_string(bp.score));
    ++total.positions;
    total.nodes += solver.stats().nodes;
    total.seconds += secs;
    if (on_line) on_line(BenchLine{bp.moves, *score, solver.stats().nodes, secs});
  }
  return total;
}

}  // namespace ft::engine::solver
