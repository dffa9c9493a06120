import { Hono } from "hono";
import type { RobotCheck } from "../robot-check.server";

/** Robot-check challenges for the ALTCHA widget: a fresh one for every request, never cached. */
export function altchaRoutes(robotCheck: RobotCheck, now: () => Date = () => new Date()) {
  return new Hono().get("/challenge", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await robotCheck.createChallenge(now()));
  });
}
