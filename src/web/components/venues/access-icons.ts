import { createLucideIcon } from "lucide-react";

/*
 * Five of the access features' icons: Lucide's drawings (ISC licence, lucide.dev), made with its own
 * createLucideIcon. Imported from "lucide-react" by name, any icon rides in every page's shell chunk
 * (vite.config.ts gathers every module the root can reach, and the library's index reaches them
 * all); drawn here, they come only with the pages that show a venue's access.
 */

export const Armchair = createLucideIcon("armchair", [
  ["path", { d: "M19 9V6a2 2 0 0 0-2-2H7a2 2 0 0 0-2 2v3", key: "a" }],
  [
    "path",
    {
      d:
        "M3 16a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-5a2 2 0 0 0-4 0v1.5a.5.5 0 0 1-.5.5h-9a.5.5 0 0 1-.5-.5V11a2 2 0 0 0" +
        "-4 0z",
      key: "b",
    },
  ],
  ["path", { d: "M5 18v2", key: "c" }],
  ["path", { d: "M19 18v2", key: "d" }],
]);

export const Ear = createLucideIcon("ear", [
  ["path", { d: "M6 8.5a6.5 6.5 0 1 1 13 0c0 6-6 6-6 10a3.5 3.5 0 1 1-7 0", key: "a" }],
  ["path", { d: "M15 8.5a2.5 2.5 0 0 0-5 0v1a2 2 0 1 1 0 4", key: "b" }],
]);

export const SquareParking = createLucideIcon("square-parking", [
  ["path", { d: "M9 12h4a2 2 0 0 0 0-4H9.5a.5.5 0 0 0-.5.5V16", key: "a" }],
  ["rect", { width: "18", height: "18", x: "3", y: "3", rx: "2", key: "b" }],
]);

export const Toilet = createLucideIcon("toilet", [
  [
    "path",
    {
      d:
        "M7 12h13a1 1 0 0 1 1 1 5 5 0 0 1-5 5h-.598a.5.5 0 0 0-.424.765l1.544 2.47a.5.5 0 0 1-.424.765H5.402a.5.5 " +
        "0 0 1-.424-.765L7 18",
      key: "a",
    },
  ],
  ["path", { d: "M8 18a5 5 0 0 1-5-5V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v8", key: "b" }],
]);

export const VolumeOff = createLucideIcon("volume-off", [
  ["path", { d: "M16 9a5 5 0 0 1 .95 2.293", key: "a" }],
  ["path", { d: "M19.364 5.636a9 9 0 0 1 1.889 9.96", key: "b" }],
  ["path", { d: "m2 2 20 20", key: "c" }],
  [
    "path",
    {
      d:
        "m7 7-.587.587A1.4 1.4 0 0 1 5.416 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.416a1.4 1.4 0 0 1 .997.413l3.383 " +
        "3.384A.705.705 0 0 0 11 19.298V11",
      key: "d",
    },
  ],
  ["path", { d: "M9.828 4.172A.686.686 0 0 1 11 4.657v.686", key: "e" }],
]);
