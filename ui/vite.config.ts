import { resolve } from "node:path";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

// Two pages: the app (index.html, served by the Tauri shell) and the benchmark page
// (bench.html, opened in headless Chromium by tests/ui.test.mjs). Panels and forms are Svelte 5
// components; the map view (src/map/) is plain TypeScript.
//
// VITE_KEPI_TEST_HOOKS=1 (set by scripts/app-build.sh for debug builds, which the tests use)
// builds in the hooks the end-to-end test reads (window.kepi, src/testing.ts); a release build
// (scripts/run.sh) leaves them out.
export default defineConfig({
  clearScreen: false,
  plugins: [svelte()],
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, "index.html"),
        bench: resolve(import.meta.dirname, "bench.html"),
      },
    },
  },
});
