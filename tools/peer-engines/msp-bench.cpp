// MineSweeperProb's probability computation (BasicSolver, unmodified, from msp-src/) over a
// corpus of .mine positions, timed the way `mineseer-lab engine-passes` times ours.
//
//   msp-bench CORPUS_FILE PASSES [WARMUP]   one JSON line: per-position medians, their median and sum,
//                                           a pass's wall and CPU time
//   msp-bench dump CORPUS_FILE              one JSON line per position: hidden cells' mine probabilities
//
// What one position costs (the timed region): a fresh BasicSolver(width*height, mines); the
// position loaded as GameMgr's import loads a saved game (GameMgr.cpp, GameMgr(std::istream&)):
// AddRestrain(cell, false) for every revealed cell, then AddRestrain(neighbours, number) for
// every revealed number; Solve(Reduce | Overlap | Probability, false), the whole computation
// without the early return on a safe cell; and every hidden cell's GetProbability read into a
// vector, its room for every cell reserved first (as engine_passes.rs reserves ours). Not timed: CacheBinomials (done once per board size, as the program does at start-up)
// and reading the file. The guess choice (Solver's heuristics, GameMgr::Solve's decision tree)
// and the drainer are not called. See README.md.

#include "BasicSolver.h"
#include "BinomialHelper.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <time.h>

namespace {

struct Position {
    int width = 0, height = 0, mines = 0;
    std::vector<int> cells; // row-major; -1 hidden, 0..8 a revealed number
};

[[noreturn]] void fail(const std::string &message) {
    std::fprintf(stderr, "%s\nusage: msp-bench CORPUS_FILE PASSES [WARMUP] | msp-bench dump CORPUS_FILE\n",
                 message.c_str());
    std::exit(2);
}

std::vector<Position> read_corpus(const std::string &path) {
    std::ifstream in(path);
    if (!in)
        fail(path + ": cannot open");
    std::vector<Position> positions;
    std::string line;
    Position current;
    int rows = -1; // -1: expecting a header
    auto finish = [&] {
        if (rows < 0)
            return;
        if (rows != current.height)
            fail(path + ": a position has " + std::to_string(rows) + " rows, not " + std::to_string(current.height));
        positions.push_back(std::move(current));
        current = Position{};
        rows = -1;
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty()) {
            finish();
            continue;
        }
        if (rows < 0) {
            char x1, x2;
            std::istringstream header(line);
            if (!(header >> current.width >> x1 >> current.height >> x2 >> current.mines) || x1 != 'x' || x2 != 'x')
                fail(path + ": bad header " + line);
            rows = 0;
            continue;
        }
        if ((int)line.size() != current.width)
            fail(path + ": a row of " + std::to_string(line.size()) + " cells, not " + std::to_string(current.width));
        for (char c : line) {
            if (c == 'H')
                current.cells.push_back(-1);
            else if (c >= '0' && c <= '8')
                current.cells.push_back(c - '0');
            else
                fail(path + ": only H and 0-8 are read here, not '" + std::string(1, c) + "'");
        }
        ++rows;
    }
    finish();
    return positions;
}

// MineSweeperProb numbers a cell x * height + y (GameMgr::GetIndex) and lists its neighbours
// in increasing index order (GameMgr::GenerateBlocksR); AddRestrain needs them sorted.
std::vector<double> hidden_probabilities(const Position &p) {
    BasicSolver solver(p.width * p.height, p.mines);
    auto msp_index = [&](int x, int y) { return x * p.height + y; };
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x)
            if (p.cells[y * p.width + x] >= 0)
                solver.AddRestrain(msp_index(x, y), false);
    BlockSet neighbours;
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) {
            int number = p.cells[y * p.width + x];
            if (number < 0)
                continue;
            neighbours.clear();
            for (int dx = -1; dx <= 1; ++dx)
                for (int dy = -1; dy <= 1; ++dy)
                    if ((dx || dy) && x + dx >= 0 && x + dx < p.width && y + dy >= 0 && y + dy < p.height)
                        neighbours.push_back(msp_index(x + dx, y + dy));
            solver.AddRestrain(neighbours, number);
        }
    solver.Solve(SolvingState::Reduce | SolvingState::Overlap | SolvingState::Probability, false);
    std::vector<double> probabilities;
    probabilities.reserve(p.cells.size()); // room for every cell, as engine_passes.rs reserves ours
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x)
            if (p.cells[y * p.width + x] < 0)
                probabilities.push_back(solver.GetProbability(msp_index(x, y)));
    return probabilities;
}

// The CPU time of this process in milliseconds, as `mineseer-lab engine-passes` reads ours.
double process_cpu_ms() {
    timespec ts{};
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return NAN;
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    auto n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int whole(const char *text) {
    char *end;
    long n = std::strtol(text, &end, 10);
    if (*end || n < 0)
        fail("PASSES and WARMUP are whole numbers");
    return (int)n;
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 2)
        fail("no corpus file");
    bool dump = std::string(argv[1]) == "dump";
    if (dump && argc < 3)
        fail("no corpus file");
    std::string path = dump ? argv[2] : argv[1];
    auto positions = read_corpus(path);
    std::set<std::pair<int, int>> cached;
    for (auto &p : positions)
        if (cached.insert({p.width * p.height, p.mines}).second)
            CacheBinomials(p.width * p.height, p.mines);

    if (dump) {
        for (size_t i = 0; i < positions.size(); ++i) {
            auto probabilities = hidden_probabilities(positions[i]);
            std::printf("{\"i\":%zu,\"p\":[", i);
            for (size_t j = 0; j < probabilities.size(); ++j)
                std::printf(j ? ",%.17g" : "%.17g", probabilities[j]);
            std::printf("]}\n");
        }
        return 0;
    }

    if (argc < 3)
        fail("no PASSES");
    int passes = whole(argv[2]);
    int warmup = argc > 3 ? whole(argv[3]) : 3;
    if (passes < 1)
        fail("PASSES must be at least 1");
    volatile double sink = 0; // keeps the work from being optimised away
    for (int w = 0; w < warmup; ++w)
        for (auto &p : positions)
            sink = sink + hidden_probabilities(p).size();
    using clock = std::chrono::steady_clock;
    auto ms = [](clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    std::vector<std::vector<double>> times(positions.size());
    std::vector<double> pass_times, pass_cpu_times;
    for (int pass = 0; pass < passes; ++pass) {
        auto pass_start = clock::now();
        double pass_cpu_start = process_cpu_ms();
        for (size_t i = 0; i < positions.size(); ++i) {
            auto start = clock::now();
            auto probabilities = hidden_probabilities(positions[i]);
            times[i].push_back(ms(clock::now() - start));
            sink = sink + probabilities.size();
        }
        pass_times.push_back(ms(clock::now() - pass_start));
        pass_cpu_times.push_back(process_cpu_ms() - pass_cpu_start);
    }
    std::vector<double> per_position;
    double total = 0;
    for (auto &t : times) {
        per_position.push_back(median(t));
        total += per_position.back();
    }
    std::printf("{\"engine\":\"minesweeperprob\",\"corpus\":\"%s\",\"positions\":%zu,\"passes\":%d,\"warmup\":%d,"
                "\"median_ms\":%.6g,\"total_ms\":%.6g,\"pass_median_ms\":%.6g,\"pass_cpu_median_ms\":%.6g,"
                "\"per_position_ms\":[",
                path.c_str(), positions.size(), passes, warmup, median(per_position), total, median(pass_times),
                median(pass_cpu_times));
    for (size_t i = 0; i < per_position.size(); ++i)
        std::printf(i ? ",%.6g" : "%.6g", per_position[i]);
    std::printf("]}\n");
    return 0;
}
