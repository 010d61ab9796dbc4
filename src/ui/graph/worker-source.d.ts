/** The bundled source of the graph layout worker (see esbuild.config.mjs); "" where it is not bundled (tests). */
declare module "kc:graph-layout-worker" {
  const source: string;
  export default source;
}
