import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { helmetHeaders, securityHeaders } from '../src/index.js';

describe('securityHeaders (helmet, strict for JSON APIs)', () => {
  const app = express();
  app.use(securityHeaders);
  app.get('/api', (_req, res) => void res.json({ ok: true }));
  // A page that needs its own policy (the relay dashboard) replaces the API's.
  app.get('/page', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'; connect-src 'self'");
    res.type('html').send('<p>hi</p>');
  });

  it("sends helmet's protective headers with a policy that lets nothing load or frame an API answer", async () => {
    const answer = await request(app).get('/api').expect(200);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(answer.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('lets a route set its own Content-Security-Policy afterwards', async () => {
    const answer = await request(app).get('/page').expect(200);
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'; connect-src 'self'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('computes the list once from helmet itself', () => {
    const names = helmetHeaders().map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['Content-Security-Policy', 'X-Content-Type-Options', 'Strict-Transport-Security']));
  });
});
