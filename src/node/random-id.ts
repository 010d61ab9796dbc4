/**
 * A random UUID for temporary file names and lock tokens, from the Web Crypto object Node 20 keeps as a global: it is
 * loaded the first time it is used, where importing node:crypto loaded the whole crypto module (~2.5 ms) at the start
 * of every command, most of which never write a file.
 */
export function randomId(): string {
  return crypto.randomUUID();
}
