/**
 * The library half of the command-line package: the robot and scene options ({@code RobotOptions},
 * {@code SceneOption}, {@code PackagePathOption}, picocli mixins) and the entry points that take them without the
 * command line — {@link io.collide4j.planner.cli.CertifyApi} (Spark, the embedded façade) and
 * {@link io.collide4j.planner.cli.CheckerOptions} (the JNI bridge) — with their failures:
 * {@link io.collide4j.planner.cli.CliException} carrying an {@link io.collide4j.planner.cli.ExitCode}, mapped by
 * {@link io.collide4j.planner.cli.CliFailures}. The commands themselves are the module {@code cli}, in this same package
 * (kept while parallel work on these files is merged; renaming this half is a follow-up).
 *
 * <p>Glossary: <em>mixin</em> — options several commands share; <em>margin</em> — the required separation
 * ({@code --margin}); <em>usage error</em> (64) — the options are wrong; <em>bad input</em> (65) — a file's content is
 * wrong, named with its field or line; <em>missing input</em> (66) — a file cannot be read; <em>defaults used</em> —
 * the bundled robot or scene a command fell back on, appended to input errors. Stateless apart from the option
 * objects, which belong to one parse and one thread.
 */
package io.collide4j.planner.cli;
