/** What one command accepts: its positional arguments (names, required first), options with values, and switches. */
export interface CommandSpec {
  positionals: string[];
  /** How many of the positionals are required (default: all). */
  required?: number;
  values: string[];
  switches: string[];
  /** The last positional may be given any number of times (e.g. the notes of `kc headers`). */
  variadic?: boolean;
  /** Options that may be given more than once. */
  repeatable?: string[];
}
