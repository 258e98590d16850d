/**
 * The options a command line, the embedded façade, the JNI bridge and Spark share: the robot and scene options ({@code RobotOptions},
 * {@code SceneOption}, {@code PackagePathOption}, picocli mixins) and the entry points that take them without the
 * command line — {@link io.collide4j.planner.options.CertifyApi} (Spark, the embedded façade) and
 * {@link io.collide4j.planner.options.CheckerOptions} (the JNI bridge) — with their failures:
 * {@link io.collide4j.planner.options.CliException} carrying an {@link io.collide4j.planner.options.ExitCode}, mapped by
 * {@link io.collide4j.planner.options.CliFailures}. The commands themselves are module {@code cli}, package
 * {@code io.collide4j.planner.cli}; their base class {@link io.collide4j.planner.options.CliCommand} lives here so the
 * library entry points parse the same options without the command line.
 *
 * <p>Glossary: <em>mixin</em> — options several commands share; <em>margin</em> — the required separation
 * ({@code --margin}); <em>usage error</em> (64) — the options are wrong; <em>bad input</em> (65) — a file's content is
 * wrong, named with its field or line; <em>missing input</em> (66) — a file cannot be read; <em>defaults used</em> —
 * the bundled robot or scene a command fell back on, appended to input errors. Stateless apart from the option
 * objects, which belong to one parse and one thread.
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner.options;

import org.jspecify.annotations.NullMarked;
