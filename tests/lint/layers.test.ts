import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layers of docs/architecture.md, as `npm run lint` keeps them: each case lints one line as if
 * it were a file at `filePath`, with the project's own ESLint config.
 */
const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the parsers and the config, which takes seconds on a busy machine.
beforeAll(() => eslint.lintText("export {};\n", { filePath: "src/lib/warm-up.ts" }), 60_000);

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("layers", () => {
  it.each([
    [
      "a service importing a route",
      "src/services/fixture.ts",
      'import { x } from "~/web/routes/home";',
      /src\/services may import .* never web/,
    ],
    ["a service importing the server", "src/services/fixture.ts", 'import { x } from "~/server/app";', /never server/],
    [
      "a route importing Drizzle",
      "src/web/routes/fixture.tsx",
      'import { eq as x } from "drizzle-orm";',
      /does not query the database/,
    ],
    [
      "a route importing the schema",
      "src/web/routes/fixture.tsx",
      'import { event as x } from "~/db/schema";',
      /never db/,
    ],
    [
      "a route loading server code",
      "src/web/routes/fixture.tsx",
      'import { createApp as x } from "~/server/app";',
      /never server/,
    ],
    [
      "a server module importing the web layer",
      "src/server/fixture.ts",
      'import { x } from "~/web/lib/flash";',
      /src\/server may import .* never web/,
    ],
    [
      "a server module importing the web layer by a relative path",
      "src/server/api/fixture.ts",
      'import { x } from "../../web/root";',
      /never web/,
    ],
    ["the domain importing the database", "src/domain/fixture.ts", 'import { x } from "~/db/schema";', /never db/],
    [
      "the database importing services",
      "src/db/fixture.ts",
      'import { x } from "~/services/claim-stock";',
      /never services/,
    ],
    ["lib importing the domain", "src/lib/fixture.ts", 'import { x } from "~/domain/money";', /never domain/],
    ["the texts importing anything of ours", "src/texts/fixture.ts", 'import { x } from "~/lib/format";', /never lib/],
  ])("refuses %s", async (_name, filePath, code, message) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ["a route calling a service", "src/web/routes/fixture.tsx", 'import { x } from "~/services/claim-stock";'],
    [
      "a route naming the load context's types",
      "src/web/routes/fixture.tsx",
      'import type { Database as x } from "~/db/client.server";',
    ],
    ["a service querying the database", "src/services/fixture.ts", 'import { eq as x } from "drizzle-orm";'],
    ["the domain using the texts", "src/domain/fixture.ts", 'import { messages as x } from "~/texts/messages";'],
    ["the server using services", "src/server/fixture.ts", 'import { x } from "~/services/claim-stock";'],
  ])("allows %s", async (_name, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe("one way to read a form", () => {
  const bodyErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  };

  it.each([
    [
      "an action reading its form itself",
      "src/web/routes/fixture.tsx",
      "export async function action({ request }: { request: Request }) { return request.formData(); }",
    ],
    [
      "an API route reading JSON itself",
      "src/server/api/fixture.ts",
      "export const read = (c: { req: { json(): Promise<unknown> } }) => c.req.json();",
    ],
    [
      "an API route reading the raw request's form",
      "src/server/api/fixture.ts",
      "export const read = (c: { req: { raw: Request } }) => c.req.raw.formData();",
    ],
  ])("refuses %s", async (_name, filePath, code) => {
    const errors = await bodyErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/read-form/);
  });

  it("allows the helper", async () => {
    const code =
      'import { z } from "zod";\nimport { readForm } from "~/lib/read-form";\nexport async function action({ request ' +
      "}: { request: Request }) { return readForm(request, z.object({})); }";
    expect(await bodyErrors("src/web/routes/fixture.tsx", code)).toEqual([]);
  });
});
