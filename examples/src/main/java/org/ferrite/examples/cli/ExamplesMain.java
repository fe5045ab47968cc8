package org.ferrite.examples.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar examples/target/ferrite-examples.jar trg|itebd|mps [options]}: the tensor-network
 * examples, each checked against exact physics, writing CSV, JSON and a PNG plot.
 *
 * <p>Thread-safe (stateless). Lifetime: the command-line entry point.
 */
@Command(name = "ferrite-examples", mixinStandardHelpOptions = true, version = "ferrite-examples 0.3.0",
        description = "Tensor-network workloads on Ferrite, checked against exact results.",
        subcommands = {TrgCommand.class, ItebdCommand.class, MpsCommand.class})
public final class ExamplesMain {
    /**
     * @param args {@code trg|itebd|mps [options]}; {@code --help} lists them
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * @param args the command line
     * @return the exit code: 0 on success, 1 when a check against the exact result failed, 2 for a
     *     usage error
     */
    public static int run(String... args) {
        return new CommandLine(new ExamplesMain()).execute(args);
    }
}
