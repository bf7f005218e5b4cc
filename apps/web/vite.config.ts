import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { appShellClassNamesOnly } from "./app-shell-class-names.ts";
import { buildMeta } from "./build-meta.ts";

/**
 * Chunks for code every page loads (issue 23). Left alone, the bundler cuts React, React Router
 * and Mantine's core into a dozen chunks, one per set of route modules and lazy parts importing
 * them; each page then fetches all of them, and many small gzipped files with their import lists
 * cost more than one file: 4-7 KiB gzip per page (scripts/check-bundle-budget.ts). Every module of
 * React and React Router the app uses is in every page's first load anyway (checked with the
 * build's source maps), and all of Mantine's core but a few small helpers (0.2 KiB gzip more on
 * the login page, 3 KiB less on the campaign page). Route-specific code stays split by route.
 */
const EVERY_PAGE = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: "mantine-core",
    test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]core|@mantine[\\/]store|clsx)[\\/]/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    buildMeta(),
    appShellClassNamesOnly(),
    fastifyReactRouterDev({
      entry: "./server.ts",
      externalizeServerEntryImports: ["#server-context"],
    }),
  ],
  build: {
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: EVERY_PAGE } } },
  },
}));
