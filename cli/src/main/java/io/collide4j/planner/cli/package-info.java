/**
 * The {@code collide4j} command line (picocli): {@link io.collide4j.planner.cli.Main} parses, runs one
 * {@link io.collide4j.planner.options.CliCommand} and maps failures to {@link io.collide4j.planner.options.ExitCode}s.
 *
 * <p>The robot and scene option mixins, {@code CliCommand}, {@code ExitCode}, {@code CliException},
 * {@code CliFailures} and the option-driven library entry points {@code CertifyApi} and {@code CheckerOptions} are
 * package {@code io.collide4j.planner.options} in module {@code planner-adapters}, because the embedded, JNI and Spark
 * callers take the same options without the command line. The {@code bench} command is a plug-in
 * ({@code PluggedCommand}) from module {@code benchmarks}, package {@code io.collide4j.planner.bench.command}, kept
 * out of the shipped jar.
 *
 * <p>Glossary: <em>command</em> — one {@code @Command} class ({@code certify}, {@code check}, ...);
 * <em>mixin</em> — options several commands share ({@link io.collide4j.planner.options.RobotOptions},
 * {@link io.collide4j.planner.options.SceneOption}, {@code --package-path}, {@code --help}/{@code --debug});
 * <em>margin</em> — the required separation ({@code --margin}); <em>clearance</em> — a measured distance or
 * its certified lower bound; <em>usage error</em> (64) — the command line is wrong; <em>bad input</em> (65)
 * — a file's content is wrong, named with its field or line; <em>chained relaunch</em> — restarting the
 * JVM with HotSpot's signal-chaining library so OpenCL may load ({@code ChainedRelaunch});
 * <em>report</em> — the one-file HTML page of a certification ({@code HtmlReport}); <em>view</em> — its 3-D part
 * (three.js, vendored under {@code viewer/}) drawing <em>frames</em>: sampled instants with every drawn link's
 * transform, computed here by forward kinematics ({@code ViewerData}); the <em>exact frame</em> is the first
 * violation's state at full precision; <em>progress</em> — stderr only, bar or plain lines ({@code Progress},
 * {@code --quiet}).
 */
package io.collide4j.planner.cli;
