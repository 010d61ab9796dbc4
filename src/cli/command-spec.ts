/** What one command accepts: its positional arguments (names, required first), options with values, and switches. */
export interface CommandSpec {
  positionals: string[];
  /** How many of the positionals are required (default: all). */
  required?: number;
  values: string[];
  switches: string[];
  /** Options that may be given more than once. */
  repeatable?: string[];
}
