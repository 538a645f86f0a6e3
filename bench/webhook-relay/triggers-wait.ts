// How fast an agent waiting in triggers.wait hears of a captured webhook (issue 27's figure: capture to return,
// p95 under 500 ms, with an agent waiting). Starts the relay as in production (node dist/server.js), connects an
// agent with the MCP SDK's own client through the relay's OAuth (registration, PKCE, the consent page answered
// with the API key), and keeps one triggers.wait call open at a time (wait_seconds 30, acknowledging each batch),
// while a load generator posts webhooks to the endpoint at a steady rate. For each event: ingest answered (it is
// committed) -> the wait call that carried it returned. Reports p50/p95/p99/max and events never received.
// Usage: pnpm bench:webhook-relay:triggers (needs `pnpm build`); BENCH_RATE (events/s, default 20), BENCH_SECONDS (30).
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { startRelay } from './relay-server.js';

const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;

/** The agent's OAuth state, with the person scripted: the consent page is answered "allow" with the API key. */
class BenchAgentAuth implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  code?: string;
  redirectUrl = 'http://127.0.0.1:9/callback';
  clientMetadata = { client_name: 'bench agent', redirect_uris: [this.redirectUrl], token_endpoint_auth_method: 'none' };
  clientInformation = () => this.information;
  saveClientInformation = (information: OAuthClientInformationMixed) => void (this.information = information);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
  async redirectToAuthorization(url: URL): Promise<void> {
    const consent = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!, url);
    const answer = await fetch(new URL('/oauth/consent', consent), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: consent.origin },
      body: new URLSearchParams({ request: consent.searchParams.get('request')!, api_key: API_KEY, decision: 'allow' }),
    });
    this.code = new URL(answer.headers.get('location')!).searchParams.get('code') ?? undefined;
  }
}

async function connect(mcpUrl: string): Promise<Client> {
  const auth = new BenchAgentAuth();
  const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth });
  try {
    const client = new Client({ name: 'bench-agent', version: '1.0.0' });
    await client.connect(first);
    return client;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !auth.code) throw error;
  }
  await first.finishAuth(auth.code);
  const client = new Client({ name: 'bench-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth }));
  return client;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
}

type Batch = { events: Array<{ id: string }>; next_cursor: string | null };

async function main(): Promise<void> {
  const relay = await startRelay({ database: 'bench_relay_triggers', apiKey: API_KEY, logName: 'relay-triggers-wait' });
  try {
    const endpoint = await relay.post('/v1/endpoints', { name: 'agent bench' });
    const ingest = `http://127.0.0.1:${relay.ingestPort}${new URL(endpoint.ingest_url).pathname}`;
    const agent = await connect(`${relay.server.url}/mcp`);
    const received = new Map<string, number>();
    let ack: string | undefined;
    let stop = false;
    const call = async () => {
      const result = await agent.callTool(
        { name: 'triggers.wait', arguments: { endpoint_id: endpoint.id, limit: 200, wait_seconds: 30, ...(ack ? { ack } : {}) } },
        undefined,
        { timeout: 60_000 },
      );
      if (result.isError) throw new Error(JSON.stringify(result.content));
      return result.structuredContent as Batch;
    };
    // Registers the trigger (from now on) before the load starts.
    await agent.callTool({ name: 'triggers.wait', arguments: { endpoint_id: endpoint.id } });
    const waiting = (async () => {
      while (!stop || received.size < captured.size) {
        const batch = await call();
        const at = Date.now();
        for (const event of batch.events) if (!received.has(event.id)) received.set(event.id, at);
        ack = batch.next_cursor ?? ack;
        if (stop && batch.events.length === 0) break;
      }
    })();

    const captured = new Map<string, number>();
    const total = RATE * SECONDS;
    const started = Date.now();
    const sends: Promise<void>[] = [];
    for (let index = 0; index < total; index++) {
      const wait = started + (index * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(
        fetch(ingest, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: index }) }).then(
          async (response) => {
            const at = Date.now();
            if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
            captured.set(((await response.json()) as { event_id: string }).event_id, at);
          },
        ),
      );
    }
    await Promise.all(sends);
    stop = true;
    await Promise.race([waiting, new Promise((resolve) => setTimeout(resolve, 35_000))]);
    const latencies: number[] = [];
    let missing = 0;
    for (const [id, at] of captured) {
      const got = received.get(id);
      if (got === undefined) missing += 1;
      else latencies.push(Math.max(0, got - at));
    }
    const latency = summary(latencies);
    console.log(
      JSON.stringify(
        {
          rate_per_second: RATE,
          seconds: SECONDS,
          captured: captured.size,
          never_received: missing,
          capture_to_wait_return_ms: latency,
          target: 'capture_to_wait_return_ms.p95 < 500',
          met: latency.p95 < 500 && missing === 0,
        },
        null,
        2,
      ),
    );
    await agent.close();
  } finally {
    await relay.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
