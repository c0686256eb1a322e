/// <reference types="svelte" />
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" in builds for the tests: window.kepi and the script-error log (src/testing.ts). */
  readonly VITE_KEPI_TEST_HOOKS?: string;
  /** "1" in the test build (scripts/test.sh): the test rule system has its panel. */
  readonly VITE_KEPI_TEST_RULESET?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
