/**
 * Reading CCD benchmark datasets (queries with exact rational coordinates and their ground truth) strictly: a
 * malformed line is refused with {@link io.collide4j.checker.ccd.io.CcdDataFormatException} naming file and line.
 * Used by the CCD tests and benchmarks, never by the queries themselves. Stateless.
 */
package io.collide4j.checker.ccd.io;
