/// <reference types="svelte" />
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" in builds for the tests: window.kepi and the script-error log (src/testing.ts). */
  readonly VITE_KEPI_TEST_HOOKS?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
