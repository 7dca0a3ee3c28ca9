// The packages only some commands use are loaded when those commands run; missing, they are named with the
// command that installs them, instead of Node's stack of a module not found.
import { describe, expect, it } from "vitest";
import { MissingPackages, isMissing, withPackages } from "../src/node/optional.js";

describe("packages only some commands need", () => {
  it("are named with their install command when missing, with the versions this release is tested with", async () => {
    const missing = withPackages("houserules serve", ["fastify", "not-a-package-of-houserules"], () => import("not-a-package-of-houserules" as string));
    await expect(missing).rejects.toBeInstanceOf(MissingPackages);
    await expect(missing).rejects.toThrow("houserules serve needs fastify, not-a-package-of-houserules, which are not installed with houserules (a library install leaves them out): npm install fastify@5.12.8 not-a-package-of-houserules");
  });

  it("let every other failure through as it is", async () => {
    await expect(withPackages("x", ["fastify"], () => import("not-a-package-of-houserules" as string))).rejects.toThrow(/Cannot find (package|module)/);
    await expect(withPackages("x", ["fastify"], () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(isMissing(Object.assign(new Error("Cannot find package 'bullmq' imported from /x.js"), { code: "ERR_MODULE_NOT_FOUND" }), ["bullmq"])).toBe(true);
    expect(isMissing(Object.assign(new Error("Cannot find package 'bullmq-extra' imported from /x.js"), { code: "ERR_MODULE_NOT_FOUND" }), ["bullmq"])).toBe(false);
  });

  it("are loaded by the commands that need them, when they are installed", async () => {
    expect(await withPackages("houserules serve", ["fastify"], async () => (await import("fastify")).default.name)).toBe("fastify");
  });
});
