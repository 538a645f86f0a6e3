import { Pipeline, type Redis } from 'ioredis';

/** What ioredis keeps of a script defined on a connection (its Script class); what two definitions are compared by. */
interface DefinedScript {
  lua: string;
  numberOfKeys: number | null;
  readOnly: boolean;
}

type ScriptTable = Record<string, DefinedScript>;

/** The connection as ioredis keeps it: its table of defined scripts, and each script's two methods on itself. */
type ScriptingConnection = Record<string, unknown> & { scriptsSet: ScriptTable; options: { keyPrefix?: string } };

/** The scripts this process has put on Pipeline.prototype, by name. */
const sharedScripts = new Map<string, DefinedScript>();

/**
 * Makes the pipelines of `redis` cheap to make: the Lua scripts defined on it so far move to the prototype every
 * pipeline inherits from, instead of being copied onto each pipeline.
 *
 * ioredis makes a pipeline for every tick of an auto-pipelined connection (and for every `multi()`), and its
 * constructor copies onto it, one property at a time, each script the connection has defined, and its Buffer
 * variant. With BullMQ's scripts and the relay's (66 on the queues' connection) that is 27 us of CPU a pipeline,
 * 2.8 us once they are shared, and a destination turn makes several: a worker's CPU per delivery in the scale bench
 * fell by 17% (issue 45, bench/relay-delivery-scale.md). A script's method is the same function whichever
 * connection or pipeline calls it (it sends through `this`), so it can live on the prototype.
 *
 * What stays copied per pipeline, as before: a script whose name pipelines already answer to (an ioredis method, or
 * another connection's different script of that name), every script of a connection with an ioredis `keyPrefix`
 * (its scripts prefix their keys with it), and the scripts defined after this call, until it is called again.
 */
export function shareScriptsWithPipelines(redis: Redis): void {
  const connection = redis as unknown as ScriptingConnection;
  if (connection.options.keyPrefix) return;
  const table = connection.scriptsSet;
  // Moved scripts stay readable through the table (its prototype), as ioredis reads a name there; only its own
  // keys, which a pipeline copies, are left to the ones kept.
  const moved: ScriptTable = Object.create(Object.getPrototypeOf(table));
  const kept: ScriptTable = Object.create(moved);
  for (const [name, script] of Object.entries(table)) {
    if (shareOnPrototype(name, script, connection)) moved[name] = script;
    else kept[name] = script;
  }
  connection.scriptsSet = kept;
}

function shareOnPrototype(name: string, script: DefinedScript, connection: ScriptingConnection): boolean {
  const already = sharedScripts.get(name);
  if (already) return already.lua === script.lua && already.numberOfKeys === script.numberOfKeys && already.readOnly === script.readOnly;
  const prototype = Pipeline.prototype as unknown as Record<string, unknown>;
  const bufferName = `${name}Buffer`;
  if (name in prototype || bufferName in prototype) return false;
  for (const method of [name, bufferName]) {
    Object.defineProperty(prototype, method, { value: connection[method], writable: true, configurable: true, enumerable: false });
  }
  sharedScripts.set(name, script);
  return true;
}
