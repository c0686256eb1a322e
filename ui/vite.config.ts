import { resolve } from "node:path";
import { defineConfig } from "vite";

// Two pages: the app (index.html, served by the Tauri shell) and the benchmark page
// (bench.html, opened in headless Chromium by tests/ui.test.mjs).
export default defineConfig({
  clearScreen: false,
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
