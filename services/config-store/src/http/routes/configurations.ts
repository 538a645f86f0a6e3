import { CreateConfiguration, ListConfigurationsQuery, UpdateConfiguration, type Configuration } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import type { ConnectionPool, Database } from '../../db/prisma.js';
import { createConfiguration } from '../../domain/create-configuration.js';
import { deleteConfiguration } from '../../domain/delete-configuration.js';
import { getConfiguration } from '../../domain/get-configuration.js';
import { listConfigurations } from '../../domain/list-configurations.js';
import { updateConfiguration } from '../../domain/update-configuration.js';
import { parseOrThrow } from '../parse.js';

// The spec answers a deleted record with 209.
const DELETED = 209;

const wrap = (configurations: Configuration[]) => ({ configurations });

// Names are stored in NFC (the contract normalizes them), so a name in the path is looked up in NFC too:
// "é" decomposed finds the record created as "é" precomposed. Express has already refused a path whose
// percent-encoding is not UTF-8, and no stricter check belongs here: a record stored before names were
// checked must stay reachable, to be renamed or deleted.
const nameInPath = (name: string) => name.normalize('NFC');

// Registered on the app itself: mounted sub-routers cost every request further walks. Flattening
// these, auth and health took bench/config-store from 0.54-0.60x to 0.61-0.67x of the bare handler.
export function registerConfigurationRoutes(app: Express, options: { db: Database; pool: ConnectionPool; json: RequestHandler }): void {
  const { db, pool, json } = options;

  app.get('/configurations/', async (req, res) => {
    const query = parseOrThrow(ListConfigurationsQuery, req.query, 'the query');
    res.json(wrap(await listConfigurations({ db, query })));
  });

  app.post('/configurations/', json, async (req, res) => {
    const input = parseOrThrow(CreateConfiguration, req.body, 'a body with name, hostname, port and username');
    res.json(wrap([await createConfiguration({ db, input })]));
  });

  app.get('/configurations/:name', async (req, res) => {
    res.json(wrap([await getConfiguration({ pool, name: nameInPath(req.params.name) })]));
  });

  app.patch<{ name: string }>('/configurations/:name', json, async (req, res) => {
    const patch = parseOrThrow(UpdateConfiguration, req.body, 'a body with any of name, hostname, port, username');
    res.json(wrap([await updateConfiguration({ db, name: nameInPath(req.params.name), patch })]));
  });

  app.delete('/configurations/:name', async (req, res) => {
    res.statusMessage = 'Deleted';
    res.status(DELETED).json(wrap([await deleteConfiguration({ db, name: nameInPath(req.params.name) })]));
  });
}
