import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: true,
  // Every route is in one manifest file the browser loads once and keeps (about 8 KB gzipped), rather
  // than found link by link through /__manifest: that endpoint let anyone spend a second of the
  // server's time on one request (decision 0060).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
