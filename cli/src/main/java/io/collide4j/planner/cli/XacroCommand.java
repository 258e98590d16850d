package io.collide4j.planner.cli;

import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.PackagePathOption;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.urdf.ResourceResolver;
import io.collide4j.urdf.xacro.Xacro;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code collide4j xacro FILE [NAME:=VALUE ...] [--out robot.urdf]}: the URDF (or SRDF) a {@code .xacro} file
 * expands to, as ROS's {@code xacro} writes it, without Python or ROS. {@code $(find PKG)} resolves like
 * {@code package://} ({@code --package-path}, {@code ROS_PACKAGE_PATH}, package.xml discovery). Warnings go to stderr.
 */
@Command(
        name = "xacro",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Expand a xacro file (robot.urdf.xacro) into the URDF that ROS's xacro writes.")
final class XacroCommand extends CliCommand {
    @Parameters(index = "0", paramLabel = "FILE", description = "The .xacro file.")
    Path file;

    @Parameters(index = "1..*", paramLabel = "NAME:=VALUE", description = "Arguments, as xacro takes them.")
    List<String> arguments = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", description = "Write the URDF here instead of to stdout.")
    Path outFile;

    @Mixin
    PackagePathOption packagePath = new PackagePathOption();

    @Override
    public int run() {
        RobotOptions.readable("FILE", file);
        Map<String, String> args = new LinkedHashMap<>(packagePath.xacroArgs());
        PackagePathOption.arguments("NAME:=VALUE", arguments).forEach((k, v) -> {
            if (args.put(k, v) != null) {
                throw new CliException(ExitCode.USAGE, "argument '" + k + "' given twice");
            }
        });
        Xacro x = Xacro.create()
                .withResolver(ResourceResolver.standard(packagePath.checkedRoots()))
                .withArgs(args)
                .withWarnings(w -> err.println("warning: " + w));
        String xml = load(file.toString(), () -> x.expand(file));
        if (outFile == null) {
            byte[] utf8 = xml.getBytes(StandardCharsets.UTF_8); // as xacro writes it, whatever the platform's charset
            out.write(utf8, 0, utf8.length);
            out.flush();
            return ExitCode.FREE.status();
        }
        writeText(outFile, xml, "--out");
        return ExitCode.FREE.status();
    }
}
