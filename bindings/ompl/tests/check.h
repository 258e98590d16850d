// A minimal test harness for the plug-in's ctest programs (no test framework in the build's dependencies).
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace testing {

inline int& failures() {
    static int n = 0;
    return n;
}

inline void fail(const char* file, int line, const std::string& what) {
    std::fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what.c_str());
    failures()++;
}

/** Runs each named case, reporting an escaped exception as a failure of that case; returns the exit status. */
inline int run(const std::vector<std::pair<const char*, std::function<void()>>>& cases) {
    for (const auto& c : cases) {
        int before = failures();
        try {
            c.second();
        } catch (const std::exception& e) {
            fail(__FILE__, __LINE__, std::string(c.first) + ": unexpected exception: " + e.what());
        }
        std::printf("%-60s %s\n", c.first, failures() == before ? "ok" : "FAILED");
    }
    std::printf("%d failure(s)\n", failures());
    return failures() == 0 ? 0 : 1;
}

}  // namespace testing

#define CHECK(cond) \
    do { if (!(cond)) testing::fail(__FILE__, __LINE__, #cond); } while (0)
#define CHECK_MSG(cond, msg) \
    do { if (!(cond)) testing::fail(__FILE__, __LINE__, std::string(#cond) + ": " + (msg)); } while (0)
