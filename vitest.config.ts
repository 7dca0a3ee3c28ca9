import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/scratch/**", "node_modules/**"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ["test/helpers/build.ts"],
    setupFiles: ["test/helpers/host.ts"],
  },
});
