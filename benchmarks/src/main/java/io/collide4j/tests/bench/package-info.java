/**
 * JMH benchmarks (and the server load drivers) of the checker, the kinematics, the batch engines, CCD, decomposition and the server; not shipped.
 * Run them as the module's README says; their numbers are only compared within one run on one machine.
 */
package io.collide4j.tests.bench;
