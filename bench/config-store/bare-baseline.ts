// The peer we measure against: a bare Express + pg handler doing the same SELECT as
// GET /configurations/:name, with no session, logging or validation.
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.get('/configurations/:name', async (req, res) => {
  const result = await pool.query('SELECT id, name, hostname, port, username FROM configurations WHERE name = $1', [req.params.name]);
  if (result.rows.length === 0) return void res.status(404).json({ message: 'not found' });
  res.json({ configurations: result.rows });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
