// Creates an empty end-to-end database; the server migrates and seeds it when it starts.
import pg from "pg";

const base = process.env.TEST_POSTGRES_URL;
if (!base) throw new Error("TEST_POSTGRES_URL is not set");
const client = new pg.Client({ connectionString: base });
await client.connect();
const name = `atelier_e2e_${Number(process.env.E2E_PORT ?? 3210)}`;
await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${name}`);
await client.end();
