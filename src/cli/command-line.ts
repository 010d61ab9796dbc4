/**
 * What a command line asks for, as kc reads it (the launcher to pick a bundle, run-cli to run it): the command, the
 * first word that is not an option; the topic, that command or, for `kc help <command>`, the command named after help;
 * and whether --help or -h is given.
 */
export function readCommandLine(argv: readonly string[]): { name: string | undefined; topic: string | undefined; wantsHelp: boolean } {
  const name = argv.find((a) => !a.startsWith("-"));
  return {
    name,
    topic: name === "help" ? argv[argv.indexOf("help") + 1] : name,
    wantsHelp: argv.includes("--help") || argv.includes("-h"),
  };
}
