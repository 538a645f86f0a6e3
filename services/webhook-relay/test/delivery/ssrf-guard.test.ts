import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('egress guard', () => {
  const guard = new EgressGuard();

  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '224.0.0.1'])('refuses %s', (address) => {
    expect(guard.refusal(address)).toMatch(/address \(not allowed by RELAY_EGRESS_ALLOW\)/);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])('allows the public address %s', (address) => {
    expect(guard.refusal(address)).toBeNull();
  });

  it('allows exactly the CIDRs an operator lists', () => {
    const allowing = new EgressGuard(parseCidrList('10.1.2.0/24, 127.0.0.1'));
    expect(allowing.refusal('10.1.2.200')).toBeNull();
    expect(allowing.refusal('127.0.0.1')).toBeNull();
    expect(allowing.refusal('10.1.3.1')).toMatch(/private/);
    expect(allowing.refusal('127.0.0.2')).toMatch(/loopback/);
    expect(() => parseCidrList('10.0.0.0/8, nonsense')).toThrow(/"nonsense" is not an address or CIDR/);
  });
});

describe('SSRF refusals at connect time', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    // Nothing allow-listed: the local receiver is a loopback address like any internal service.
    h = await startDeliveryHarness({ egressAllow: '', policy: { schedule: [50], jitter: 0 } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  const deadLetterOf = async (eventId: string) =>
    eventually(async () => {
      const rows = (await api(h.context).get(`/v1/deliveries?state=dead_lettered&event_id=${eventId}`).set(h.tenant.auth).expect(200)).body.data;
      expect(rows).toHaveLength(1);
      return rows[0];
    });

  it('never connects to a loopback IP literal and records why', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"ssrf":1}');
    const dead = await deadLetterOf(eventId);
    expect(dead.last_error).toMatch(/refused to connect to 127\.0\.0\.1: 127\.0\.0\.1 is a loopback address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('checks the address a host name resolves to (localhost), not the name', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url.replace('127.0.0.1', 'localhost'));
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"ssrf":2}');
    const dead = await deadLetterOf(eventId);
    expect(dead.last_error).toMatch(/refused to connect to localhost: .* is a loopback address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses the cloud metadata address', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination('http://169.254.169.254/latest/meta-data/');
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"ssrf":3}');
    expect((await deadLetterOf(eventId)).last_error).toMatch(/169\.254\.169\.254 is a linkLocal address/);
  });
});
