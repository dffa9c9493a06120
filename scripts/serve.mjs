// Runs the built server (`build/server/index.js`: our program and the pages in one bundle) with
// plain node: no build tools at run time. `npm start` builds first when sources changed, then runs this.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bundle = path.join(root, "build/server/index.js");
if (!fs.existsSync(bundle)) {
  console.error("No build found: run `npm run build` (npm start does this for you).");
  process.exit(1);
}
const { serve } = await import(bundle);
serve(root);
