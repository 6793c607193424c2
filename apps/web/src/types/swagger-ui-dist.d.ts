/** swagger-ui-dist ships no types; its locator returns the package's directory. */
declare module "swagger-ui-dist/absolute-path.js" {
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
