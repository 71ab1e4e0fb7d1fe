import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("loadConfig", () => {
  it("starts with embedded defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "pglite", dir: path.resolve("data/db") });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.allowedDomains).toEqual(expect.arrayContaining(["localhost", "127.0.0.1", "::1"]));
    expect(config.externalRedirectHosts).toEqual([]);
    expect(config.runMigrations).toBe(true);
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/atelier" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@db:5432/atelier" });
  });

  it("adds the public URL's host to the allowed domains", () => {
    const config = loadConfig({ PUBLIC_URL: "https://atelier.example", ALLOWED_DOMAINS: "localhost" });
    expect(config.allowedDomains).toEqual(["localhost", "atelier.example"]);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it("names every bad variable and what it expects", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", RUN_MIGRATIONS: "maybe" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT: expected a port number \(got "eighty"\)/);
    expect(message).toMatch(/DATABASE_URL: expected a PostgreSQL URL/);
    expect(message).toMatch(/RUN_MIGRATIONS: expected true or false \(got "maybe"\)/);
  });

  it("refuses a port out of range", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT: expected a port between 1 and 65535/);
  });

  it("takes payments on the sandbox unless Stripe's keys are set", () => {
    expect(loadConfig({}).payments).toMatchObject({ provider: "sandbox", stripe: null });
    const stripe = loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).payments;
    expect(stripe).toMatchObject({
      provider: "stripe",
      stripe: { secretKey: "sk_test_abc", webhookSecret: "whsec_abc" },
    });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", PAYMENT_PROVIDER: "sandbox" })
        .payments.provider,
    ).toBe("sandbox");
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      /PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET too/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_nope" })).toThrow(
      /STRIPE_SECRET_KEY: expected a Stripe secret key/,
    );
  });
});
