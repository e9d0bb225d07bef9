/** The address of the build's stylesheet of antd's styles, or '' without a build (scripts/antdStylesPlugin.ts). */
declare module 'virtual:antd-styles' {
  const href: string;
  export default href;
}
