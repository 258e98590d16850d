// problems.csv (written by tests/data/extract_problems.py), read strictly; shared by test_plan and bench_ompl.
#pragma once

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace mbm {

struct Problem {
    std::string scenario, scene;
    int index = 0;
    std::vector<double> start, goal;
};

inline std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream s(line);
    std::string f;
    while (std::getline(s, f, ',')) {
        out.push_back(f);
    }
    return out;
}

/** problems.csv, read strictly: the header as written by extract_problems.py, 17 fields, finite numbers. */
inline std::vector<Problem> readProblems(const std::string& file) {
    std::ifstream in(file);
    if (!in) {
        throw std::runtime_error(file + ": cannot read");
    }
    std::string line;
    std::getline(in, line);
    if (line.rfind("scenario,index,scene,start_panda_joint1", 0) != 0 || split(line).size() != 17) {
        throw std::runtime_error(file + ": line 1: expected the header scenario,index,scene,start_panda_joint1..");
    }
    std::vector<Problem> out;
    for (int n = 2; std::getline(in, line); n++) {
        std::vector<std::string> f = split(line);
        if (f.size() != 17) {
            throw std::runtime_error(file + ": line " + std::to_string(n) + ": expected 17 fields, got " +
                                     std::to_string(f.size()));
        }
        Problem p;
        p.scenario = f[0];
        p.index = std::stoi(f[1]);
        p.scene = f[2];
        for (int i = 0; i < 14; i++) {
            char* end = nullptr;
            double v = std::strtod(f[3 + i].c_str(), &end);
            if (end == f[3 + i].c_str() || *end != '\0' || !std::isfinite(v)) {
                throw std::runtime_error(file + ": line " + std::to_string(n) + ": field " + std::to_string(4 + i) +
                                         ": expected a finite number, got '" + f[3 + i] + "'");
            }
            (i < 7 ? p.start : p.goal).push_back(v);
        }
        out.push_back(p);
    }
    return out;
}

}  // namespace mbm
