// Timing helpers shared by the benchmark programs.
#pragma once

#include <time.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bench {

/** The calling thread's CPU time in seconds (what a planning thread spends, other processes not counted). */
inline double threadCpu() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/** Nearest-rank quantile (q in [0, 1]); NaN for no values. */
inline double quantile(std::vector<double> v, double q) {
    if (v.empty()) {
        return NAN;
    }
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(std::min<double>(v.size() - 1, std::floor(q * static_cast<double>(v.size()))))];
}

}  // namespace bench
