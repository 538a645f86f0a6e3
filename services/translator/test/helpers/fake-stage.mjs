// A stand-in Apertium stage for failure tests: echoes each NUL-terminated record, except that a record
// containing STUCK makes it go silent forever (it keeps reading, like a chain stuck in a loop), and a record
// containing POISON makes it exit, every time (like a stage that crashes on some input).
// An argument `load=<ms>` makes it take that long to start answering, like a stage loading its transducer.
// An argument `marks=<dir>` turns on two more records:
// - `CRASH:<name>` makes the stage exit, once: it leaves the file <dir>/<name>, and answers the record from then on;
// - `LATE` is answered 200 ms after it arrives; the stage leaves <dir>/received when it arrives and
//   <dir>/answered once its answer is written.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const argument = (name) => process.argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
const loadMs = Number(argument('load') ?? 0);
const marks = argument('marks');
const loaded = new Promise((resolve) => setTimeout(resolve, loadMs));
let pending = Buffer.alloc(0);
let silent = false;
process.stdin.on('data', async (data) => {
  pending = Buffer.concat([pending, data]);
  await loaded;
  for (let at = pending.indexOf(0); at >= 0; at = pending.indexOf(0)) {
    const record = pending.subarray(0, at + 1);
    pending = pending.subarray(at + 1);
    if (record.includes('STUCK')) silent = true;
    if (record.includes('POISON')) process.exit(1);
    if (marks) {
      const crash = /CRASH:(\w+)/.exec(record.toString('utf8'));
      if (crash && !existsSync(join(marks, crash[1]))) {
        writeFileSync(join(marks, crash[1]), '');
        process.exit(1);
      }
      if (record.includes('LATE')) {
        writeFileSync(join(marks, 'received'), '');
        await new Promise((resolve) => setTimeout(resolve, 200));
        process.stdout.write(record, () => writeFileSync(join(marks, 'answered'), ''));
        continue;
      }
    }
    if (!silent) process.stdout.write(record);
  }
});
