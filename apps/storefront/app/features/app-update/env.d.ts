interface ImportMetaEnv {
  /** vite.config.ts `define`: SHOP_BUILD_ID of the build, '' when unset. */
  readonly SHOP_BUILD_ID: string;
}
