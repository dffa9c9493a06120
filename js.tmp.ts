import fs from "node:fs"; import zlib from "node:zlib";
const html = await (await fetch(process.argv[2]!)).text();
const files = new Set<string>();
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]!);
for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) files.add(m[1]!);
let t = 0;
for (const f of files) { const b = fs.readFileSync("build/client" + f); const g = zlib.gzipSync(b, { level: 9 }).length; t += g; console.log((g/1024).toFixed(1).padStart(7), f); }
console.log("total", (t/1024).toFixed(1));
